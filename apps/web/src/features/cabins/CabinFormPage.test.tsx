import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { CabinFormPage } from './CabinFormPage';

const week = [0, 1, 2, 3, 4, 5, 6].map((day) =>
  day < 6
    ? { day, opening: '09:00', closing: '20:00' }
    : { day, opening: '00:00', closing: '00:00' },
);
const cabin = {
  id: 5,
  name: 'Facial 1',
  type: { id: 3, name: 'Cabina facial', color: '90CAF9' },
  branch: { id: 2, name: 'Zona Río' },
  status: true,
  description: null,
  schedules: week,
};
const zonaRio = {
  id: 2,
  name: 'Zona Río',
  street: 'Paseo de los Héroes',
  extNumber: '9350',
  intNumber: null,
  suburb: 'Zona Urbana Río',
  city: 'Tijuana',
  state: 'Baja California',
  zipCode: '22010',
  phone: '6646801234',
  lat: null,
  lng: null,
  code: 'TIJZRIO001',
  zone: 'America/Tijuana',
  franchise: false,
  active: true,
  rfc: 'CBE180101AB1',
  businessName: 'Clínicas Bellezza S.A. de C.V.',
  distributionCenter: false,
  schedules: week,
  created_at: '2026-01-01T00:00:00.000Z',
  deleted_at: null,
};
const facial = {
  id: 3,
  name: 'Cabina facial',
  order: 2,
  color: '90CAF9',
  treatmentType: { id: 1, name: 'Facial', appointmentName: 'Cita facial' },
};

const user = userEvent.setup();

afterEach(() => {
  vi.unstubAllGlobals();
  endSession('signout');
});

describe('the cabin form (spec 000 §3)', () => {
  it('saves the status switch on edit, which only the update takes', async () => {
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (method !== 'GET') {
          sent.push({ method, url, body: JSON.parse(String(init?.body)) });
          return envelopeResponse(200, { ...cabin, status: false });
        }
        if (url.startsWith('/v1/cabain/5')) return envelopeResponse(200, cabin);
        if (url.startsWith('/v1/cabain-type')) return envelopeResponse(200, onePage([facial]));
        if (url.startsWith('/v1/branch')) return envelopeResponse(200, onePage([zonaRio]));
        return envelopeResponse(500, null);
      }),
    );
    signInAs({ cabain: ['view', 'create', 'edit'] }, { role: 'Super Administrador' });
    renderScreen(<CabinFormPage />, {
      path: '/dashboard/cabinas/:id',
      at: '/dashboard/cabinas/5',
      others: ['/dashboard/cabinas'],
    });
    const status = await screen.findByRole('switch', { name: 'Estatus' });
    await user.click(status);
    await user.click(screen.getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: expect.stringContaining('/v1/cabain/5/update'),
      body: { name: 'Facial 1', typeId: 3, branchId: 2, status: false },
    });
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });
});
