import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PRIVILEGES, type MedicCommissionRow } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { MedicCommissionsPage } from './MedicCommissionsPage';

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

const doctor = {
  id: 5,
  name: 'Jorge',
  lastName: 'Martínez',
  motherLastName: 'Ochoa',
  kardex: { employeeNumber: '000006' },
};
const totals = {
  userId: 5,
  user: doctor,
  employeeNumber: '000006',
  name: 'Jorge',
  lastName: 'Martínez',
  motherLastName: 'Ochoa',
  count: 1,
  total: 900,
  isr: 90,
  subtotal: 810,
};
const row: MedicCommissionRow = {
  id: 31,
  appointment: { id: 12, appointmentNumber: 119, folio: 'CITA-000119' },
  branch: { id: 2, name: 'Zona Río' },
  date: '2026-11-21',
  startTime: '10:30',
  customer: { id: 4, customerId: 1004, name: 'Miguel', lastName: 'Cruz', motherLastName: null },
  treatment: { id: 3, name: 'Toxina botulínica tercio superior' },
  user: doctor,
  sessions: 1,
  commission: 900,
  isrPercent: 10,
  isr: 90,
  subtotal: 810,
};

function answering() {
  const asked: { url: string; method: string; body?: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      asked.push({ url, method: init?.method ?? 'GET', body: init?.body as string | undefined });
      if (url.startsWith('/v1/commission?')) return envelopeResponse(200, onePage([totals], 15));
      if (url.startsWith('/v1/commission/5/user')) return envelopeResponse(200, onePage([row], 5));
      if (url.startsWith('/v1/user/doctors'))
        return envelopeResponse(200, [
          { ...doctor, employeeNumber: '000006', motherLastName: 'Ochoa', branch: row.branch },
          {
            id: 8,
            name: 'Mariana',
            lastName: 'Esquivel',
            motherLastName: 'Robles',
            employeeNumber: '000102',
            branch: row.branch,
          },
        ]);
      if (url.startsWith('/v1/commission/31/update-commission-agent'))
        return envelopeResponse(200, { ...row, user: { ...doctor, id: 8 } });
      return envelopeResponse(200, onePage([]));
    }),
  );
  return asked;
}

describe('the medical commissions screen', () => {
  it('a medic sees her own rows in the list, with no doctor column', async () => {
    const asked = answering();
    signInAs(DEFAULT_PRIVILEGES.medic, { role: 'Médico', userId: 5, branchId: 2 });
    renderScreen(<MedicCommissionsPage />);
    await waitFor(() => expect(screen.getAllByText('CITA-000119').length).toBeGreaterThan(0));
    expect(asked.some((call) => call.url.startsWith('/v1/commission/5/user'))).toBe(true);
    expect(asked.some((call) => call.url.startsWith('/v1/commission?'))).toBe(false);
    expect(screen.queryByRole('columnheader', { name: /Médico/ })).toBeNull();
  });

  it('with edit, the doctor’s name in the detail opens the reassign form', async () => {
    const asked = answering();
    signInAs(DEFAULT_PRIVILEGES.superAdmin, { role: 'Super Administrador', branchId: 2 });
    renderScreen(<MedicCommissionsPage />);
    fireEvent.click(await screen.findByRole('button', { name: '000006' }));
    await screen.findByText('Comisiones de Jorge Martínez Ochoa');
    const detail = screen.getAllByRole('dialog').at(-1)!;
    fireEvent.click(
      await within(detail).findByRole('button', { name: 'Reasignar: Jorge Martínez Ochoa' }),
    );
    await screen.findByText('Reasignar médico');
    expect(
      screen.getByText(/Reasignar la comisión de la cita CITA-000119 a otro médico de Zona Río/),
    ).toBeTruthy();
    await waitFor(() =>
      expect(asked.some((call) => call.url.includes('/user/doctors'))).toBe(true),
    );
  });
});
