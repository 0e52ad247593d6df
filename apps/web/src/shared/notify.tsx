import { useEffect, useSyncExternalStore } from 'react';
import { DEFAULT_ERROR_MESSAGE, messageFor } from '@clinica/domain';
import { isApiError } from './api/client';
import './notify.css';

/**
 * Notifications (spec 000 §8): one at a time, text from the shared catalogue by status and
 * sub-code, 'Error en el Servidor' or 'Operación exitosa' when the catalogue has nothing better.
 * Its own small component rather than antd's, so the sign-in screen can show one without
 * loading antd (see scripts/size-check.mjs).
 */

export type NoticeKind = 'success' | 'error' | 'info';

export interface Notice {
  id: number;
  kind: NoticeKind;
  text: string;
}

const DURATION_MS: Record<NoticeKind, number> = { success: 4500, info: 4500, error: 7000 };

let current: Notice | null = null;
let sequence = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function currentNotice(): Notice | null {
  return current;
}

/** Shows a notice in place of any other: only one is ever on screen. */
export function showNotice(kind: NoticeKind, text: string): void {
  sequence += 1;
  current = { id: sequence, kind, text };
  emit();
}

export function dismissNotice(id?: number): void {
  if (current && (id === undefined || current.id === id)) {
    current = null;
    emit();
  }
}

export function notifySuccess(status = 200, code = 0): void {
  showNotice('success', messageFor(status, code));
}

/** A success that says more than the catalogue's message (what happens next). */
export function notifySuccessText(text: string): void {
  showNotice('success', text);
}

export function notifyError(error: unknown): void {
  showNotice('error', isApiError(error) ? error.message : DEFAULT_ERROR_MESSAGE);
}

export function notifyInfo(text: string): void {
  showNotice('info', text);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const ICONS: Record<NoticeKind, string> = {
  success: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z',
  error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-2h2zm0-4h-2V7h2z',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z',
};

export function NotificationHost() {
  const notice = useSyncExternalStore(subscribe, currentNotice, currentNotice);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => dismissNotice(notice.id), DURATION_MS[notice.kind]);
    return () => clearTimeout(timer);
  }, [notice]);

  return (
    <div className="notice-region" aria-label="Notificaciones" role="region">
      {/* Live regions announce changes: the region exists before the notice appears. */}
      <div role="status" aria-live="polite" className="notice-live">
        {notice && notice.kind !== 'error' && <NoticeCard notice={notice} key={notice.id} />}
      </div>
      <div role="alert" aria-live="assertive" className="notice-live">
        {notice && notice.kind === 'error' && <NoticeCard notice={notice} key={notice.id} />}
      </div>
    </div>
  );
}

function NoticeCard({ notice }: { notice: Notice }) {
  return (
    <div className={`notice notice--${notice.kind}`} data-testid="notice">
      <svg className="notice__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d={ICONS[notice.kind]} fill="currentColor" />
      </svg>
      <p className="notice__text">{notice.text}</p>
      <button
        type="button"
        className="notice__close"
        aria-label="Cerrar notificación"
        onClick={() => dismissNotice(notice.id)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7l-1.4-1.4L9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3z"
            fill="currentColor"
          />
        </svg>
      </button>
    </div>
  );
}
