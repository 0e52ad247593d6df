import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { messageFor } from '@clinica/domain';
import { ApiError } from './api/client';
import { NotificationHost, dismissNotice, notifyError, notifyInfo, notifySuccess } from './notify';

afterEach(() => {
  act(() => dismissNotice());
  vi.useRealTimers();
});

const notices = () => screen.queryAllByTestId('notice').map((notice) => notice.textContent);

describe('notifications (spec 000 §8)', () => {
  it('shows only one notification at a time: a new one replaces the one on screen', () => {
    render(<NotificationHost />);
    act(() => notifySuccess(200, 2));
    expect(notices()).toEqual([messageFor(200, 2)]);
    act(() => notifyError(new ApiError(404, 3)));
    expect(notices()).toEqual([messageFor(404, 3)]);
    expect(screen.getByRole('alert').textContent).toBe(messageFor(404, 3));
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => notifyInfo('Sesión reanudada'));
    expect(notices()).toEqual(['Sesión reanudada']);
  });

  it("says 'Error en el Servidor' without an answer and 'Operación exitosa' by default", () => {
    render(<NotificationHost />);
    act(() => notifyError(new TypeError('Failed to fetch')));
    expect(notices()).toEqual(['Error en el Servidor']);
    act(() => notifySuccess());
    expect(notices()).toEqual(['Operación exitosa']);
  });

  it('the replaced notice does not cut the new one short', () => {
    vi.useFakeTimers();
    render(<NotificationHost />);
    act(() => notifySuccess());
    act(() => vi.advanceTimersByTime(4000));
    act(() => notifyError(null));
    // The first notice's 4.5 s would have run out here; the error keeps its own 7 s.
    act(() => vi.advanceTimersByTime(1000));
    expect(notices()).toEqual(['Error en el Servidor']);
    act(() => vi.advanceTimersByTime(6000));
    expect(notices()).toEqual([]);
  });
});
