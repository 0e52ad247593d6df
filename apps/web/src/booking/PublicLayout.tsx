import type { ReactNode } from 'react';
import { formatPhone } from '../shared/phone';

/** The public pages' frame: the clinic's name, one main region, a narrow column on any screen. */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="pb">
      <header className="pb-header">
        <span className="pb-header__logo" aria-hidden="true">
          CE
        </span>
        <span className="pb-header__name">Clínica Estética</span>
      </header>
      <main className="pb-main" id="contenido">
        <h1 className="pb-title">{title}</h1>
        {children}
      </main>
    </div>
  );
}

/** A refusal or failure, read out when it appears (role="alert"), with what to do next. */
export function ErrorBox({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="pb-alert pb-alert--error" role="alert">
      <p className="pb-alert__text">{message}</p>
      {children}
    </div>
  );
}

/** A branch's phone as a link a phone can call. */
export function PhoneLink({ phone }: { phone: string | null }) {
  if (!phone) return null;
  return (
    <a className="pb-phone" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
      {formatPhone(phone)}
    </a>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <p className="pb-loading" role="status">
      <span className="pb-spinner" aria-hidden="true" />
      {label}
    </p>
  );
}
