import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DEFAULT_PRIVILEGES } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, signInAs } from '../../test/session';
import type { StockDetail } from './api';
import { StockDetailView } from './StockDetailView';

const movement = {
  stockId: 101,
  productId: 41,
  branchId: 2,
  allotment: 'L-01',
  product: 'Toxina botulínica',
  branch: 'Zona Río',
  documentType: null,
  documentId: null,
  user: { id: 1, name: 'Ana', lastName: 'López' },
  created_at: '2026-11-20T18:00:00.000Z',
};

const detail: StockDetail = {
  productId: 41,
  branchId: 2,
  sku: 'MV-TOX100',
  product: 'Toxina botulínica',
  branch: 'Zona Río',
  distribution_center: false,
  quantity: 10,
  max: 0,
  min: 2,
  mmId: 7,
  lots: [
    {
      stockId: 100,
      allotment: 'L-00',
      expiresIn: '2026-11-01',
      quantity: 1,
      daysLeft: -23,
      color: 'danger',
    },
    {
      stockId: 101,
      allotment: 'L-01',
      expiresIn: '2026-12-10',
      quantity: 2,
      daysLeft: 16,
      color: 'warning',
    },
    {
      stockId: 102,
      allotment: 'L-02',
      expiresIn: '2027-01-10',
      quantity: 3,
      daysLeft: 47,
      color: 'alert',
    },
    {
      stockId: 103,
      allotment: 'L-03',
      expiresIn: '2027-09-10',
      quantity: 4,
      daysLeft: 290,
      color: 'okay',
    },
  ],
  movements: [
    { ...movement, id: 2, quantity: -3, balance: 2, cause: 'adjustment', documentNumber: null },
    {
      ...movement,
      id: 1,
      quantity: 5,
      balance: 5,
      cause: 'purchase',
      documentType: 'purchaseOrder',
      documentId: 4,
      documentNumber: 'OC-000004',
    },
  ],
};

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

function show(answer: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => envelopeResponse(200, answer)),
  );
  signInAs(DEFAULT_PRIVILEGES.superAdmin, { role: 'Super Administrador' });
  return renderScreen(<StockDetailView branchId={2} productId={41} />);
}

describe('the stock detail (spec 001 §4: 0 / 30 / 60 days)', () => {
  it('says each lot’s colour in words, with its days left', async () => {
    show(detail);
    expect(await screen.findByText('Caducado')).toBeTruthy();
    expect(screen.getByText('Caducó hace 23 días')).toBeTruthy();
    expect(screen.getByText('Caduca en 30 días o menos')).toBeTruthy();
    expect(screen.getByText('16 días')).toBeTruthy();
    expect(screen.getByText('Caduca en 60 días o menos')).toBeTruthy();
    expect(screen.getByText('Vigente')).toBeTruthy();
    expect(screen.getByText('Sin límite / 2')).toBeTruthy();
    // No price in the answer, no price on screen.
    expect(screen.queryByText('Precio unitario')).toBeNull();
  });

  it('lists the movements with their cause, signed quantity, balance, document and user', async () => {
    show({ ...detail, unitPrice: 4500 });
    expect(await screen.findByText('Orden de compra')).toBeTruthy();
    expect(screen.getByText('Ajuste')).toBeTruthy();
    expect(screen.getByText('+5')).toBeTruthy();
    expect(screen.getByText('−3')).toBeTruthy();
    expect(screen.getByText('OC-000004')).toBeTruthy();
    expect(screen.getAllByText('Ana López').length).toBe(2);
    expect(screen.getByText('$4,500.00')).toBeTruthy();
  });
});
