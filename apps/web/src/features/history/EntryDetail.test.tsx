import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type { AuditEntry } from '@clinica/domain';
import { EntryDetail } from './EntryDetail';

const base: AuditEntry = {
  id: 7,
  module: { name: 'Traspasos', alias: 'transfers' },
  action: 'confirm',
  recordId: 41,
  recordName: null,
  changes: { quantity: { before: 10, after: 4 } },
  user: { id: 1, name: 'Ana', lastName: 'López', motherLastName: 'Ruiz' },
  branch: { id: 1, name: 'CEDIS' },
  detail: null,
  order: null,
  stock: null,
  product: null,
  originBranch: null,
  destinationBranch: null,
  created_at: '2026-11-20T17:00:00.000Z',
};

/** The detail's label → value pairs, in order. */
function fields(): [string, string][] {
  const labels = [...document.querySelectorAll('.ant-descriptions-item-label')];
  return labels.map((label) => [
    label.textContent ?? '',
    label.nextElementSibling?.textContent ?? '',
  ]);
}

describe('the detail of a history entry (spec 001 §3)', () => {
  it('shows the product, lot, both branches and the order of a stock move', () => {
    render(
      <EntryDetail
        entry={{
          ...base,
          order: 'OC-000123',
          stock: { id: 3, allotment: 'C2605-0412' },
          product: { id: 9, name: 'Protector solar FPS 50', sku: 'CV-PS50' },
          originBranch: { id: 1, name: 'CEDIS' },
          destinationBranch: { id: 2, name: 'Zona Río' },
        }}
      />,
    );
    expect(fields()).toEqual(
      expect.arrayContaining([
        ['Producto', 'Protector solar FPS 50 (CV-PS50)'],
        ['Lote', 'C2605-0412'],
        ['Sucursal origen', 'CEDIS'],
        ['Sucursal destino', 'Zona Río'],
        ['Orden', 'OC-000123'],
      ]),
    );
  });

  it('leaves them out of an entry that is not about stock', () => {
    render(<EntryDetail entry={{ ...base, module: { name: 'Cabinas', alias: 'cabain' } }} />);
    const labels = fields().map(([label]) => label);
    expect(labels).toEqual([
      'Fecha',
      'Módulo',
      'Acción',
      'Registro',
      'Usuario',
      'Sucursal',
      'Detalle',
    ]);
  });

  it('names the record, and the action, in Spanish (issue 11 item 5)', () => {
    render(
      <EntryDetail
        entry={{
          ...base,
          module: { name: 'Proveedores', alias: 'providers' },
          action: 'update',
          recordId: 7,
          recordName: 'Dermofarma',
          changes: { tradename: { before: 'Dermo', after: 'Dermofarma' } },
        }}
      />,
    );
    expect(fields()).toEqual(expect.arrayContaining([['Registro', 'Dermofarma']]));
    expect(document.body.textContent).toContain('Nombre comercial');
    expect(document.body.textContent).not.toContain('tradename');
  });
});
