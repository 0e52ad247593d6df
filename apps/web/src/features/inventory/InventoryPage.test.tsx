import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_PRIVILEGES, type Privileges, type StockRow } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, onePage, signInAs } from '../../test/session';
import { InventoryPage } from './InventoryPage';

const row = (overrides: Partial<StockRow>): StockRow => ({
  id: '2-41',
  stockId: 101,
  productId: 41,
  branchId: 2,
  sku: 'MV-TOX100',
  product: 'Toxina botulínica',
  category: 'Inyectables',
  productType: 'Médico/Venta',
  branch: 'Zona Río',
  distribution_center: false,
  allotment: 'L-01,L-02',
  expiresIn: '2026-12-01,2027-06-30',
  quantity: 12,
  max: 20,
  min: 5,
  mmId: 7,
  color: null,
  status: true,
  ...overrides,
});

const expiring = row({ color: 'danger', unitPrice: 4500 });
const overMax = row({
  id: '2-42',
  productId: 42,
  sku: 'CR-HIDRA',
  product: 'Crema hidratante',
  quantity: 40,
  color: 'volcano',
  unitPrice: 350,
});
const cedis = row({
  id: '1-43',
  branchId: 1,
  productId: 43,
  sku: 'IN-GASAS',
  product: 'Gasas',
  branch: 'CEDIS',
  distribution_center: true,
  unitPrice: 20,
});

const withoutPrice = ({ unitPrice: _unitPrice, ...rest }: StockRow) => rest;

interface Calls {
  urls: string[];
  bodies: unknown[];
}

function serve(rows: unknown[], report: unknown[] = [], calls: Calls = { urls: [], bodies: [] }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.urls.push(`${init?.method ?? 'GET'} ${url}`);
      if (init?.body) calls.bodies.push(JSON.parse(String(init.body)));
      if (url.startsWith('/v1/stock?') || url === '/v1/stock') {
        return envelopeResponse(200, onePage(rows, 15));
      }
      if (url.startsWith('/v1/report/get-stock-by-branch')) return envelopeResponse(200, report);
      if (url.startsWith('/v1/stock/get-stock-by-branch-id')) {
        return envelopeResponse(200, [
          {
            stockId: 101,
            productId: 41,
            branchId: 2,
            sku: 'MV-TOX100',
            product: 'Toxina botulínica',
            allotment: 'L-01',
            expiresIn: '2026-12-01',
            quantity: 3,
          },
        ]);
      }
      if (url.startsWith('/v1/stock/adjustment')) return envelopeResponse(422, null, 1);
      return envelopeResponse(200, onePage([], 15));
    }),
  );
  return calls;
}

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

const SUPER: Privileges = DEFAULT_PRIVILEGES.superAdmin;

describe('the inventory list (spec 001 §4, §6)', () => {
  it('colours the rows, says why in words, and shows the legend and the price', async () => {
    serve([expiring, overMax]);
    signInAs(SUPER, { role: 'Super Administrador' });
    const { container } = renderScreen(<InventoryPage />);
    expect(await screen.findByText('MV-TOX100')).toBeTruthy();
    const danger = container.querySelector('tr.stock-row--danger');
    const volcano = container.querySelector('tr.stock-row--volcano');
    expect(danger?.textContent).toContain('MV-TOX100');
    expect(danger?.textContent).toContain('Caducidad');
    expect(volcano?.textContent).toContain('CR-HIDRA');
    expect(volcano?.textContent).toContain('Fuera de máx./mín.');
    const legend = screen.getByRole('note', { name: 'Leyenda de colores del inventario' });
    expect(legend.textContent).toContain('Un lote caducado o que caduca en menos de 30 días');
    expect(screen.queryAllByText('Precio unitario').length).toBeGreaterThan(0);
    expect(screen.queryAllByText('$4,500.00').length).toBeGreaterThan(0);
    // Both lots and their expiries, one per line.
    expect(danger?.textContent).toContain('01-12-2026');
    expect(danger?.textContent).toContain('30-06-2027');
    expect(danger?.textContent).toContain('20 / 5');
    // Who works across branches filters by branch.
    expect(screen.getByRole('combobox', { name: 'Sucursal' })).toBeTruthy();
  });

  it('has no price column when the answer carries no prices (branch manager), and shows the report', async () => {
    serve(
      [withoutPrice(expiring)],
      [
        {
          sku: 'MV-TOX100',
          category: 'Inyectables',
          product: 'Toxina botulínica',
          quantity: 12,
          allotment: 'L-01',
          expiresIn: '2026-12-01',
        },
      ],
    );
    signInAs(DEFAULT_PRIVILEGES.branchManager, { role: 'Sucursal Gerente' });
    renderScreen(<InventoryPage />);
    // In the list and in the report.
    await waitFor(() => expect(screen.getAllByText('MV-TOX100').length).toBe(2));
    expect(screen.queryByText('Precio unitario')).toBeNull();
    expect(await screen.findByText('Inventario por sucursal · Zona Río')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Exportar a Excel/ })).toBeTruthy();
    const report = screen.getByText('Inventario por sucursal · Zona Río').closest('.stock-report');
    expect(report?.textContent).toContain('Cantidad');
    expect(report?.textContent).not.toContain('Precio unitario');
    expect(screen.queryByText('Subtotal')).toBeNull();
    // A branch-fixed role has no branch filter.
    expect(screen.queryByRole('combobox', { name: 'Sucursal' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Categoría' })).toBeTruthy();
  });

  it('hides the price column for a priced role whose answer has none', async () => {
    serve([withoutPrice(overMax)]);
    signInAs(SUPER, { role: 'Super Administrador' });
    renderScreen(<InventoryPage />);
    expect(await screen.findByText('CR-HIDRA')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Precio unitario')).toBeNull());
  });

  it('offers no options on a distribution-centre row', async () => {
    serve([cedis, overMax]);
    signInAs(SUPER, { role: 'Super Administrador' });
    renderScreen(<InventoryPage />);
    expect(await screen.findByText('IN-GASAS')).toBeTruthy();
    expect(screen.getByText('Sin opciones')).toBeTruthy();
    expect(screen.queryByLabelText('Acciones de Gasas (IN-GASAS) en CEDIS')).toBeNull();
    expect(
      screen.getByLabelText('Acciones de Crema hidratante (CR-HIDRA) en Zona Río'),
    ).toBeTruthy();
  });
});

async function openAction(rowLabel: string, item: string) {
  fireEvent.click(await screen.findByLabelText(`Acciones de ${rowLabel}`));
  fireEvent.click(await screen.findByText(item));
}

describe('the max/min modal (spec 001 §5)', () => {
  it('refuses a minimum above the maximum on the field, before sending anything', async () => {
    const calls = serve([overMax]);
    signInAs(SUPER, { role: 'Super Administrador' });
    renderScreen(<InventoryPage />);
    await openAction('Crema hidratante (CR-HIDRA) en Zona Río', 'Máximos y mínimos');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('0 = sin límite: no se revisa el máximo.')).toBeTruthy();
    const min = within(dialog).getByLabelText('Cantidad mínima');
    fireEvent.change(min, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(
      await within(dialog).findByText('La cantidad mínima no puede ser mayor a la cantidad máxima'),
    ).toBeTruthy();
    expect(calls.urls.some((url) => url.includes('max-min'))).toBe(false);
  });
});

describe('the adjustment modal (spec 001 §5, CONTRACT §9)', () => {
  it('asks the type, a lot for a drop and the justification, from the domain schema', async () => {
    const calls = serve([expiring]);
    signInAs(SUPER, { role: 'Super Administrador' });
    renderScreen(<InventoryPage />);
    await openAction('Toxina botulínica (MV-TOX100) en Zona Río', 'Ajuste');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }));
    expect(await within(dialog).findByText('El campo Justificación es obligatorio')).toBeTruthy();
    expect(within(dialog).getByText('El campo Cantidad es obligatorio')).toBeTruthy();
    expect(within(dialog).getByText('El campo Ajuste es obligatorio')).toBeTruthy();
    // The lot rule (the schema's refinement) speaks once the fields it builds on are valid.
    fireEvent.click(within(dialog).getByText('Baja'));
    fireEvent.change(within(dialog).getByLabelText('Cantidad'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Justificación'), {
      target: { value: 'Caducado' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }));
    expect(await within(dialog).findByText('El campo Lote es obligatorio')).toBeTruthy();
    expect(calls.urls.some((url) => url.includes('/stock/adjustment'))).toBe(false);
  });

  it('asks a new lot for a registration without a chosen lot', async () => {
    serve([expiring]);
    signInAs(SUPER, { role: 'Super Administrador' });
    renderScreen(<InventoryPage />);
    await openAction('Toxina botulínica (MV-TOX100) en Zona Río', 'Ajuste');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Registro'));
    expect(await within(dialog).findByLabelText('Lote nuevo')).toBeTruthy();
    expect(within(dialog).getByLabelText('Caducidad')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Cantidad'), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByLabelText('Justificación'), {
      target: { value: 'Conteo físico' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }));
    // The message names the field as labelled on screen (issue 22 item 10).
    expect(await within(dialog).findByText('El campo Lote nuevo es obligatorio')).toBeTruthy();
  });

  it('shows the server’s 422 code 1 as Inventario insuficiente on the quantity', async () => {
    const calls = serve([expiring]);
    signInAs(SUPER, { role: 'Super Administrador' });
    renderScreen(<InventoryPage />);
    await openAction('Toxina botulínica (MV-TOX100) en Zona Río', 'Ajuste');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('Baja'));
    fireEvent.change(within(dialog).getByLabelText('Cantidad'), { target: { value: '9' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Lote'));
    fireEvent.click(await screen.findByText('L-01 · caduca 01-12-2026 · 3 unidades'));
    fireEvent.change(within(dialog).getByLabelText('Justificación'), {
      target: { value: 'Frasco roto' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar ajuste' }));
    expect(await within(dialog).findByText('Inventario insuficiente')).toBeTruthy();
    expect(calls.bodies).toContainEqual({
      productId: 41,
      branchId: 2,
      type: 'drop',
      quantity: 9,
      justification: 'Frasco roto',
      stockId: 101,
    });
    // The modal stays open.
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
