import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DEFAULT_PRIVILEGES } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { HomePage } from './HomePage';

const TREATMENT = {
  id: 3,
  sku: 'MED-TOX1',
  name: 'Aplicación de toxina botulínica',
  description: 'Tercio superior',
  treatmentType: { id: 1, name: 'Médico' },
  categories: [],
  areas: [{ id: 1, name: 'Frente', place: 'Rostro' }],
  appliances: [],
  photo: null,
  price: 4500,
  medicalFee: 900,
  points: 45,
  term: '00:30',
  termLabel: '30 minutos',
  assessment: 0,
  consent: 0,
  consentId: null,
  treatmentConsent: null,
  onlineBooking: false,
  active: 1,
  treatmentProduct: [],
  created_at: '2026-11-20T18:00:00.000Z',
  deleted_at: null,
};

/** A medic's home: the agenda and the stock of the branch, no money, no closing (issue 28). */
const HOME = {
  branchId: 1,
  next: [
    {
      id: 41,
      startTime: '16:30',
      endTime: '17:00',
      status: 'scheduled',
      customer: { id: 9, name: 'Ana López Ruiz' },
      treatment: 'Aplicación de toxina botulínica',
      cabin: { id: 2, name: 'Cabina 2' },
    },
  ],
  branches: [
    {
      branch: { id: 1, name: 'Zona Río' },
      distributionCenter: false,
      day: '2026-11-29',
      appointments: {
        scheduled: 4,
        inProcess: 1,
        finished: 6,
        absence: 0,
        cancelled: 1,
        total: 12,
      },
      sales: null,
      stock: { expiring: 3, expired: 1, belowMin: 2 },
      closing: null,
    },
  ],
};

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

describe('the start page is honest about what the user can open (issue 11 item 6)', () => {
  it('counts and lists only the screens a medic has, and shows their treatments', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.startsWith('/v1/treatment-type'))
        return envelopeResponse(200, [
          { id: 1, name: 'Médico', appointmentName: 'Cita médica' },
          { id: 2, name: 'Cosmetóloga', appointmentName: 'Cita cosmetológica' },
        ]);
      if (url.startsWith('/v1/treatment')) return envelopeResponse(200, onePage([TREATMENT], 8));
      if (url.startsWith('/v1/report/home')) return envelopeResponse(200, HOME);
      return envelopeResponse(403, undefined);
    });
    vi.stubGlobal('fetch', fetchMock);
    signInAs(DEFAULT_PRIVILEGES.medic, { role: 'Médico', fullname: 'Jorge Martínez Ochoa' });
    renderScreen(<HomePage />, { path: '/dashboard/inicio' });

    // Its sidebar's thirteen screens: the agenda's four, the waitlist and its own commissions among them.
    expect(screen.getByText('13 pantallas')).toBeTruthy();
    // The cards load after the greeting's first paint.
    const access = (await screen.findByText('Tu acceso', {}, { timeout: 10_000 })).closest(
      '.home__card',
    ) as HTMLElement;
    expect(
      within(access)
        .getAllByText(/./, { selector: '.home__tag' })
        .map((tag) => tag.textContent),
    ).toEqual([
      'Productos',
      'Tipos de producto',
      'Tratamientos',
      'Paquetes',
      'Promociones',
      'Inventario',
      'Agenda',
      'Citas',
      'Bloqueos',
      'Lista de espera',
      'Bitácora',
      'Clientes',
      'Comisiones médicas',
    ]);

    expect(await screen.findByText('Aplicación de toxina botulínica')).toBeTruthy();
    expect(screen.getByText('Tus tratamientos (Médico)')).toBeTruthy();
    const list = fetchMock.mock.calls.find(([url]) => url.startsWith('/v1/treatment?'));
    expect(list?.[0]).toContain('treatmentTypeId=1');
    // The day: the agenda's counts and next appointment, the stock's figures as filtered links;
    // no money and no closing for a medic.
    const day = (await screen.findByText('Hoy en Zona Río')).closest('section') as HTMLElement;
    expect(within(day).getByText('Ana López Ruiz')).toBeTruthy();
    expect(within(day).getByText('Aplicación de toxina botulínica · Cabina 2')).toBeTruthy();
    expect(
      within(day)
        .getByText('Lotes caducan en 30 días (1 ya caducados)')
        .closest('a')
        ?.getAttribute('href'),
    ).toBe('/dashboard/inventario?filtro.branchId=1&filtro.color=danger');
    expect(within(day).queryByText('Ventas')).toBeNull();
    expect(within(day).queryByText('Corte de caja')).toBeNull();
    // Nothing refused on the way.
    const refused = await Promise.all(
      fetchMock.mock.results.map(async (result) => (await result.value).status),
    );
    expect(refused.filter((status) => status >= 400)).toEqual([]);
  });
});
