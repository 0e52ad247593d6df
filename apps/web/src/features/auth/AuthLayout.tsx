import type { ReactNode } from 'react';
import { usePageTitle } from '../../shared/usePageTitle';
import './AuthLayout.css';

interface AuthLayoutProps {
  title: string;
  lead: ReactNode;
  children: ReactNode;
}

/** The public screens' frame: the clinic's brand on one side, one task on the other. */
export function AuthLayout({ title, lead, children }: AuthLayoutProps) {
  usePageTitle(title);
  return (
    <div className="auth">
      <aside className="auth__brand" aria-label="Clínica Estética">
        <div className="auth__logo">
          <span className="auth__logo-mark" aria-hidden="true">
            <svg width="22" height="22" viewBox="0 0 64 64">
              <path d="M27 8h10v19h19v10H37v19H27V37H8V27h19z" fill="#fff" />
            </svg>
          </span>
          Clínica Estética · Administración
        </div>
        <div className="auth__headline">
          <h2>Cada sucursal, cada cita, en un solo lugar.</h2>
          <p>
            Agenda, clientes, inventario y ventas de toda la cadena con la información de tu
            sucursal al día.
          </p>
        </div>
        <ul className="auth__features">
          <li>
            <strong>Agenda</strong>Citas y cabinas sin empalmes.
          </li>
          <li>
            <strong>Inventario</strong>Lotes y caducidades por sucursal.
          </li>
          <li>
            <strong>Ventas</strong>Cortes de caja y comisiones.
          </li>
        </ul>
      </aside>
      <main className="auth__panel" id="contenido">
        <div className="auth__card">
          <h1>{title}</h1>
          <p className="auth__lead">{lead}</p>
          {children}
        </div>
        <p className="auth__footer">© {new Date().getFullYear()} Clínica Estética</p>
      </main>
    </div>
  );
}
