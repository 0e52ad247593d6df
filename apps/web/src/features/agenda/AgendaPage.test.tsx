import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PRIVILEGES } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { AgendaPage } from './AgendaPage';
import { AppointmentFormPage } from './AppointmentFormPage';
import { DAY, appointment, customerDetail } from './fixtures';

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

function mockApi(extra: (url: string, init?: RequestInit) => Response | null = () => null) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.startsWith('/v1/appointment?'))
      return envelopeResponse(200, { ...onePage([appointment()]), day: DAY });
    // The actions dialog reads the appointment it opens by id.
    if (/^\/v1\/appointment\/\d+$/.test(url) && (!init?.method || init.method === 'GET'))
      return envelopeResponse(200, appointment());
    return envelopeResponse(200, onePage([]));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('/dashboard/agenda (spec 002 §2)', () => {
  it('reads the whole day in ONE call and hides the branch selector from a branch manager', async () => {
    const fetchMock = mockApi();
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Gerente de Sucursal', branchId: 2 });
    renderScreen(<AgendaPage />, {
      path: '/dashboard/agenda',
      at: '/dashboard/agenda?date=2026-11-24',
      others: ['/dashboard/agenda/crear'],
    });
    expect(await screen.findByRole('grid')).toBeTruthy();
    const dayCalls = fetchMock.mock.calls.filter(([url]) => url.startsWith('/v1/appointment'));
    expect(dayCalls.map(([url]) => url)).toEqual(['/v1/appointment?branchId=2&date=2026-11-24']);
    expect(screen.queryByLabelText('Sucursal')).toBeNull();
    for (const name of ['Citas', 'Mis bloqueos', 'Bloquear'])
      expect(screen.getByRole('button', { name: new RegExp(name) })).toBeTruthy();
  });

  it('opens the form with the clicked cabin and time', async () => {
    mockApi();
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Gerente de Sucursal', branchId: 2 });
    const { router } = renderScreen(<AgendaPage />, {
      path: '/dashboard/agenda',
      at: '/dashboard/agenda?date=2026-11-24',
      others: ['/dashboard/agenda/crear'],
    });
    fireEvent.click(
      await screen.findByRole('gridcell', { name: 'Cabina 2, 10:00: libre, agendar' }),
    );
    expect(router.state.location.pathname).toBe('/dashboard/agenda/crear');
    expect(router.state.location.search).toBe(
      '?cabainId=12&startTime=10%3A00&date=2026-11-24&branchId=2',
    );
  });

  it("an appointment's actions: cancelling needs a reason, and a comment for 'Otro'", async () => {
    const fetchMock = mockApi((url) =>
      url.includes('/cancel') ? envelopeResponse(200, appointment({ status: 'cancelled' })) : null,
    );
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Gerente de Sucursal', branchId: 2 });
    renderScreen(<AgendaPage />, {
      path: '/dashboard/agenda',
      at: '/dashboard/agenda?date=2026-11-24',
    });
    fireEvent.click(await screen.findByRole('gridcell', { name: /10:30 a 11:30: cita de Ana/ }));
    const actions = (await screen.findByText('Cita 7001 · Ana López')).closest(
      '.ant-modal',
    ) as HTMLElement;
    for (const name of ['Historial', 'Editar', 'Cancelar cita'])
      expect(within(actions).getByRole('button', { name: new RegExp(name) })).toBeTruthy();
    fireEvent.click(within(actions).getByRole('button', { name: /Cancelar cita/ }));
    const cancel = (await screen.findByText('Cancelar la cita 7001')).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancelar cita' }));
    expect(
      await within(cancel).findByText('El campo Motivo de cancelación es obligatorio'),
    ).toBeTruthy();
    fireEvent.mouseDown(within(cancel).getByLabelText('Motivo de cancelación'));
    fireEvent.click(await screen.findByTitle('Otro'));
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancelar cita' }));
    expect(await within(cancel).findByText('El campo Comentario es obligatorio')).toBeTruthy();
    fireEvent.change(within(cancel).getByLabelText('Comentario'), {
      target: { value: 'Se cambió de ciudad' },
    });
    fireEvent.click(within(cancel).getByRole('button', { name: 'Cancelar cita' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url.includes('/cancel'))).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => url.includes('/cancel'))!;
    expect(JSON.parse(String(init?.body))).toEqual({
      cancellationReason: 'Other',
      comment: 'Se cambió de ciudad',
      customerCancellation: false,
      type: 'Cancellation',
    });
  });
});

describe('/dashboard/agenda/{id} (spec 002 §5)', () => {
  it("shows the API's refusal on the form, in Spanish", async () => {
    mockApi((url, init) => {
      if (url.startsWith('/v1/appointment/101/update')) return envelopeResponse(409, undefined, 5);
      if (url.startsWith('/v1/appointment/101') && (!init?.method || init.method === 'GET'))
        return envelopeResponse(200, appointment({ startTime: '11:00', endTime: '12:00' }));
      if (url.startsWith('/v1/customer/40'))
        return envelopeResponse(200, customerDetail({ purchasedProducts: [{ id: 1 }] }));
      return null;
    });
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Gerente de Sucursal', branchId: 2 });
    renderScreen(<AppointmentFormPage />, {
      path: '/dashboard/agenda/:id',
      at: '/dashboard/agenda/101',
    });
    expect(await screen.findByText(/Editar cita 7001/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: /Guardar/ }));
    expect(await screen.findByText('No se guardaron los cambios de la cita')).toBeTruthy();
    expect(screen.getByText('El horario no está disponible')).toBeTruthy();
  });

  it('blocks booking a patient with 3 cancellations unless it is a purchased product', async () => {
    mockApi((url, init) => {
      if (url.startsWith('/v1/appointment/101') && (!init?.method || init.method === 'GET'))
        return envelopeResponse(200, appointment({ startTime: '11:00', endTime: '12:00' }));
      if (url.startsWith('/v1/customer/40'))
        return envelopeResponse(200, customerDetail({ cancellations: 3 }));
      return null;
    });
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Gerente de Sucursal', branchId: 2 });
    renderScreen(<AppointmentFormPage />, {
      path: '/dashboard/agenda/:id',
      at: '/dashboard/agenda/101',
    });
    expect(await screen.findByText('Ana López tiene 3 cancelaciones.')).toBeTruthy();
    expect(screen.getByText('El paciente no tiene productos adquiridos.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Guardar/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
