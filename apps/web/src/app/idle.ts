import { IDLE_THROTTLE_MS, IDLE_TIMEOUT_MS, IDLE_WARNING_MS } from '@clinica/domain';
import { LAST_ACTIVITY_KEY } from '../shared/session/store';

/**
 * The idle timer of spec 002 §9: after 15 minutes without activity the session ends without a
 * request; a warning comes 60 seconds before; activity is sampled at most every 500 ms. Activity
 * is shared between tabs through localStorage, so working in one tab keeps the others alive.
 *
 * The timeout can be shortened for browser tests and demonstrations with
 * `localStorage['clinica.idleTimeoutMs']` (or `VITE_IDLE_TIMEOUT_MS` at build time), never
 * lengthened; the warning is then a quarter of it, never more than 60 seconds.
 */

export const IDLE_OVERRIDE_KEY = 'clinica.idleTimeoutMs';
export { LAST_ACTIVITY_KEY };

export interface IdleSettings {
  timeoutMs: number;
  warningMs: number;
  throttleMs: number;
}

function positive(value: unknown): number | null {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : null;
}

export function idleSettings(): IdleSettings {
  const override =
    positive(localStorage.getItem(IDLE_OVERRIDE_KEY)) ??
    positive(import.meta.env.VITE_IDLE_TIMEOUT_MS);
  // Only ever shorter: a value left in a shared computer's storage must not keep sessions open
  // longer than the specification's 15 minutes.
  const timeoutMs = Math.min(override ?? IDLE_TIMEOUT_MS, IDLE_TIMEOUT_MS);
  return {
    timeoutMs,
    warningMs: Math.min(IDLE_WARNING_MS, Math.floor(timeoutMs / 4)),
    throttleMs: IDLE_THROTTLE_MS,
  };
}

export interface IdleCallbacks {
  /** The warning is due; `deadline` is when the session will end (epoch ms). */
  onWarn: (deadline: number) => void;
  /** Activity elsewhere (another tab) made the warning moot. */
  onActive: () => void;
  onIdle: () => void;
}

export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
] as const;

export interface IdleTimer {
  /** Counts as activity now, even while the warning shows (the "stay signed in" button). */
  stay: () => void;
  stop: () => void;
}

export function startIdleTimer(
  settings: IdleSettings,
  callbacks: IdleCallbacks,
  now: () => number = Date.now,
): IdleTimer {
  let warned = false;
  let stopped = false;
  let lastSample = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const lastActivity = (): number => {
    const stored = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(stored) ? stored : 0;
  };

  const record = (at: number) => {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(at));
  };

  const check = () => {
    if (stopped) return;
    const elapsed = now() - lastActivity();
    const deadline = lastActivity() + settings.timeoutMs;
    if (elapsed >= settings.timeoutMs) {
      stop();
      callbacks.onIdle();
      return;
    }
    if (elapsed >= settings.timeoutMs - settings.warningMs) {
      if (!warned) {
        warned = true;
        callbacks.onWarn(deadline);
      }
      schedule(deadline - now());
      return;
    }
    if (warned) {
      warned = false;
      callbacks.onActive();
    }
    schedule(deadline - settings.warningMs - now());
  };

  const schedule = (wait: number) => {
    clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, wait));
  };

  const onActivity = () => {
    // While the warning shows, only the explicit button keeps the session (the user must see it).
    if (warned) return;
    const at = now();
    if (at - lastSample < settings.throttleMs) return;
    lastSample = at;
    record(at);
  };

  function stop() {
    stopped = true;
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, true);
  }

  // A session resumed after the computer slept or the tab was closed counts from its last
  // recorded activity; a brand-new one starts now.
  if (lastActivity() === 0) record(now());
  for (const type of ACTIVITY_EVENTS) {
    window.addEventListener(type, onActivity, { capture: true, passive: true });
  }
  check();

  return {
    stay: () => {
      record(now());
      lastSample = now();
      if (warned) {
        warned = false;
        callbacks.onActive();
      }
      check();
    },
    stop,
  };
}
