import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, IDLE_WARNING_MS } from '@clinica/domain';
import { IDLE_OVERRIDE_KEY, LAST_ACTIVITY_KEY, idleSettings, startIdleTimer } from './idle';

const settings = { timeoutMs: 900_000, warningMs: 60_000, throttleMs: 500 };

function callbacks() {
  return { onWarn: vi.fn(), onActive: vi.fn(), onIdle: vi.fn() };
}

describe('idle session (spec 002 §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('uses 15 minutes, a 60-second warning and a 500 ms throttle by default', () => {
    expect(idleSettings()).toEqual({
      timeoutMs: IDLE_TIMEOUT_MS,
      warningMs: IDLE_WARNING_MS,
      throttleMs: 500,
    });
  });

  it('can be shortened for tests, with a proportional warning', () => {
    localStorage.setItem(IDLE_OVERRIDE_KEY, '8000');
    expect(idleSettings()).toMatchObject({ timeoutMs: 8000, warningMs: 2000 });
  });

  it('can never be lengthened past 15 minutes', () => {
    localStorage.setItem(IDLE_OVERRIDE_KEY, String(24 * 3600_000));
    expect(idleSettings()).toEqual({
      timeoutMs: IDLE_TIMEOUT_MS,
      warningMs: IDLE_WARNING_MS,
      throttleMs: 500,
    });
  });

  it('warns 60 seconds before the timeout and ends the session at 15 minutes', () => {
    const spy = callbacks();
    const timer = startIdleTimer(settings, spy);
    vi.advanceTimersByTime(840_000 - 1);
    expect(spy.onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(spy.onWarn).toHaveBeenCalledWith(Date.now() + 60_000);
    expect(spy.onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000);
    expect(spy.onIdle).toHaveBeenCalledTimes(1);
    timer.stop();
  });

  it('activity postpones the timeout', () => {
    const spy = callbacks();
    const timer = startIdleTimer(settings, spy);
    vi.advanceTimersByTime(600_000);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    vi.advanceTimersByTime(600_000);
    expect(spy.onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300_000);
    expect(spy.onIdle).toHaveBeenCalledTimes(1);
    timer.stop();
  });

  it('samples activity at most every 500 ms', () => {
    const timer = startIdleTimer(settings, callbacks());
    window.dispatchEvent(new MouseEvent('mousemove'));
    const first = localStorage.getItem(LAST_ACTIVITY_KEY);
    vi.advanceTimersByTime(200);
    window.dispatchEvent(new MouseEvent('mousemove'));
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(first);
    vi.advanceTimersByTime(400);
    window.dispatchEvent(new MouseEvent('mousemove'));
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(Date.now()));
    timer.stop();
  });

  it('the "stay" choice during the warning keeps the session', () => {
    const spy = callbacks();
    const timer = startIdleTimer(settings, spy);
    vi.advanceTimersByTime(850_000);
    expect(spy.onWarn).toHaveBeenCalledTimes(1);
    timer.stay();
    expect(spy.onActive).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(spy.onIdle).not.toHaveBeenCalled();
    timer.stop();
  });

  it('activity in another tab keeps this one alive', () => {
    const spy = callbacks();
    const timer = startIdleTimer(settings, spy);
    vi.advanceTimersByTime(850_000);
    expect(spy.onWarn).toHaveBeenCalledTimes(1);
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    vi.advanceTimersByTime(50_000);
    expect(spy.onIdle).not.toHaveBeenCalled();
    expect(spy.onActive).toHaveBeenCalledTimes(1);
    timer.stop();
  });

  it('a session left idle while the tab was closed ends as soon as it opens', () => {
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now() - 2 * 3600_000));
    const spy = callbacks();
    startIdleTimer(settings, spy);
    expect(spy.onIdle).toHaveBeenCalledTimes(1);
  });
});
