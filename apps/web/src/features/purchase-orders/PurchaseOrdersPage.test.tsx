import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Privileges } from '@clinica/domain';
import { DELETE_PROMPT } from '../../shared/list/ResourceList';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { PurchaseOrdersPage } from './PurchaseOrdersPage';
import { orderOf } from './testOrders';

const user = userEvent.setup();

const unpaid = orderOf();
const paid = orderOf({
  id: 10,
  orderNumber: 43,
  folio: 'OC-000043',
  payStatus: 'Completado',
  payedAt: '2026-11-22',
});
const deleted = orderOf({
  id: 11,
  orderNumber: 44,
  folio: 'OC-000044',
  deleted_at: '2026-11-23T10:00:00.000Z',
});

const ALL: Privileges = {
  purchaseOrder: ['view', 'show', 'create', 'edit', 'delete', 'approve', 'reports'],
};

function renderList(privileges: Privileges) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/v1/purchase-order/9/delete') && init?.method === 'POST')
      return envelopeResponse(409, null, 11);
    if (url.startsWith('/v1/purchase-order'))
      return envelopeResponse(200, onePage([unpaid, paid, deleted], 15));
    return envelopeResponse(200, onePage([], 15));
  });
  vi.stubGlobal('fetch', fetchMock);
  signInAs(privileges);
  renderScreen(<PurchaseOrdersPage />, { path: '/dashboard/ordenes-de-compra' });
  return fetchMock;
}

async function menuOf(folio: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`Acciones de ${folio}`) }));
  const menus = await screen.findAllByRole('menu');
  return menus[menus.length - 1]!;
}

const itemsOf = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim());

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

describe('purchase-order list (spec 001 §2, §4)', () => {
  it('shows folio, money, pay status and the Eliminado tag', async () => {
    renderList(ALL);
    expect(await screen.findByText('OC-000042')).toBeTruthy();
    expect(screen.getAllByText('$232.00').length).toBe(3);
    expect(screen.getAllByText('Pendiente').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Completado').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Eliminado').length).toBe(1);
    expect(screen.getByRole('link', { name: /Nuevo/ })).toBeTruthy();
  });

  it('offers Aprobar while unpaid, Editar once paid, and neither nor Eliminar when deleted', async () => {
    renderList(ALL);
    expect(itemsOf(await menuOf('OC-000042'))).toEqual([
      'Ver',
      'Aprobar',
      'Descargar PDF',
      'Eliminar',
    ]);
    await user.keyboard('{Escape}');
    expect(itemsOf(await menuOf('OC-000043'))).toEqual(['Ver', 'Editar', 'Descargar PDF']);
    await user.keyboard('{Escape}');
    expect(itemsOf(await menuOf('OC-000044'))).toEqual(['Ver']);
  });

  it('hides what the privileges do not give', async () => {
    renderList({ purchaseOrder: ['view', 'show', 'edit'] });
    expect(itemsOf(await menuOf('OC-000042'))).toEqual(['Ver']);
    await user.keyboard('{Escape}');
    expect(itemsOf(await menuOf('OC-000043'))).toEqual(['Ver', 'Editar']);
    expect(screen.queryByRole('link', { name: /Nuevo/ })).toBeNull();
  });

  it('asks before deleting and says in Spanish why the API refused (409 code 11)', async () => {
    const fetchMock = renderList(ALL);
    await user.click(within(await menuOf('OC-000042')).getByText('Eliminar'));
    expect((await screen.findAllByText(DELETE_PROMPT)).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('No se puede eliminar la orden de compra')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).includes('/purchase-order/9/delete')),
    ).toBe(true);
  });

  it('opens the 900-wide drawer titled with the folio from the folio cell', async () => {
    renderList(ALL);
    await user.click(await screen.findByText('OC-000042'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getAllByText('OC-000042').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('L-2026')).toBeTruthy();
    expect(within(drawer).getByText('FAC-1001')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: /Descargar PDF/ })).toBeTruthy();
  });
});
