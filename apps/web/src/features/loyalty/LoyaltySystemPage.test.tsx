import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_PRIVILEGES,
  type LoyaltyCustomerRecord,
  type LoyaltyLevelRecord,
} from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { LoyaltySystemPage, MissYouPage } from './pages';
import { savingOrder } from './ThresholdsCard';

const user = userEvent.setup();

const LEVELS: LoyaltyLevelRecord[] = [
  ['bronze', 'Bronce', 0],
  ['silver', 'Plata', 5000],
  ['gold', 'Oro', 15000],
  ['platinum', 'Platino', 40000],
  ['diamond', 'Diamante', 80000],
].map(([scale, label, minimum], index) => ({
  id: index + 1,
  scale: scale as LoyaltyLevelRecord['scale'],
  label: label as string,
  minimum: minimum as number,
  position: index + 1,
  updated_at: '2026-11-20T17:00:00.000Z',
}));

const ANA: LoyaltyCustomerRecord = {
  id: 7,
  customerId: 1007,
  name: 'Ana',
  lastName: 'Pérez',
  motherLastName: 'Núñez',
  mobilePhone: '6641234567',
  email: 'ana@example.mx',
  gender: 'Femenino',
  points: 320,
  totalPurchases: 15250.5,
  loyaltyScale: 'gold',
  cancellations: 2,
  lastVisitAt: '2026-09-01T18:00:00.000Z',
};

function renderPage(page: 'system' | 'missYou', privileges = DEFAULT_PRIVILEGES.superAdmin) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.startsWith('/v1/loyalty-level/')) return envelopeResponse(200, LEVELS[1]);
    if (url.startsWith('/v1/loyalty-level')) return envelopeResponse(200, LEVELS);
    if (url.startsWith('/v1/loyalty-system') || url.startsWith('/v1/miss-you'))
      return envelopeResponse(200, onePage([ANA], 15));
    return envelopeResponse(403, undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
  signInAs(privileges);
  renderScreen(page === 'system' ? <LoyaltySystemPage /> : <MissYouPage />, {
    path: page === 'system' ? '/dashboard/sistema-de-lealtad' : '/dashboard/we-miss-you',
  });
  return fetchMock;
}

/** Types over the whole amount, as a person selecting it first does. */
async function typeAmount(field: HTMLElement, amount: string) {
  const input = field as HTMLInputElement;
  await user.type(input, amount, {
    initialSelectionStart: 0,
    initialSelectionEnd: input.value.length,
  });
}

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

describe('sistema de lealtad (spec 002 §2, CONTRACT §10)', () => {
  it('lists customers with level, points, purchases and cancellations, and the levels', async () => {
    renderPage('system');
    const row = (await screen.findByText('Pérez')).closest('tr')!;
    expect(within(row).getByText('Oro')).toBeTruthy();
    expect(within(row).getByText('$15,250.50')).toBeTruthy();
    expect(within(row).getByText('320')).toBeTruthy();
    expect(within(row).getByText('(664)123-4567')).toBeTruthy();
    const levels = screen.getByLabelText('Mínimos de cada nivel');
    expect(await within(levels).findByText('desde $5,000.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Editar niveles/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Excel/ })).toBeTruthy();
  });

  it('offers no editor to a role that only reads loyalty', async () => {
    renderPage('system', DEFAULT_PRIVILEGES.branchManager);
    expect(await screen.findByText('desde $80,000.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Editar niveles/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Excel/ })).toBeNull();
  });

  it('refuses thresholds that break the order before calling the API', async () => {
    const fetchMock = renderPage('system');
    await user.click(await screen.findByRole('button', { name: /Editar niveles/ }));
    await typeAmount(await screen.findByLabelText('Mínimo de Oro'), '4000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('El mínimo de Oro debe ser mayor que el de Plata ($5,000.00)'),
    ).toBeTruthy();
    // Only the changed level is flagged, not its untouched neighbour.
    expect(screen.queryByText(/El mínimo de Plata/)).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('saves a changed threshold through PUT /loyalty-level/{id}/update', async () => {
    const fetchMock = renderPage('system');
    await user.click(await screen.findByRole('button', { name: /Editar niveles/ }));
    await typeAmount(await screen.findByLabelText('Mínimo de Plata'), '4500');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(put?.[0]).toBe('/v1/loyalty-level/2/update');
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ minimum: 4500 });
    });
  });
});

describe('we miss you', () => {
  it('shows the last visit', async () => {
    renderPage('missYou');
    const row = (await screen.findByText('Pérez')).closest('tr')!;
    expect(within(row).getByText(/^01-09-2026/)).toBeTruthy();
    expect(screen.queryByLabelText('Mínimos de cada nivel')).toBeNull();
  });
});

describe('the saving order keeps every step increasing', () => {
  it('raises from the top down, then lowers from the bottom up', () => {
    const wanted = { bronze: 0, silver: 14_000, gold: 20_000, platinum: 30_000, diamond: 90_000 };
    expect(savingOrder(LEVELS, wanted).map((level) => level.scale)).toEqual([
      'diamond',
      'gold',
      'silver',
      'platinum',
    ]);
  });
});
