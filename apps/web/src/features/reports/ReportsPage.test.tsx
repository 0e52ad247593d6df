import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Privileges } from '@clinica/domain';
import { endSession } from '../../shared/session/store';
import { renderScreen } from '../../test/render';
import { envelopeResponse, signInAs } from '../../test/session';
import { ReportsPage } from './ReportsPage';

const occupation = {
  items: [
    {
      branch: { id: 2, name: 'Zona Río' },
      yes: 6,
      no: 2,
      voicemail: 1,
      whatsapp: 1,
      confirmed: 7,
      percentage: 70,
      color: 'green',
    },
    {
      branch: { id: 3, name: 'Otay' },
      yes: 1,
      no: 3,
      voicemail: 0,
      whatsapp: 0,
      confirmed: 1,
      percentage: 25,
      color: 'red',
    },
  ],
  totals: {
    yes: 7,
    no: 5,
    voicemail: 1,
    whatsapp: 1,
    confirmed: 8,
    percentage: 57.14,
    color: 'yellow',
  },
};

const months = (january: number) => [january, ...Array.from({ length: 11 }, () => 0)];
const profitability = {
  items: [
    {
      type: 'income',
      concept: 'cash',
      branch: { id: 2, name: 'Zona Río' },
      months: months(100),
      total: 100,
    },
    {
      type: 'expenses',
      concept: 'assortment',
      branch: { id: 2, name: 'Zona Río' },
      months: months(250),
      total: 250,
    },
  ],
  totals: {
    income: { months: months(100), total: 100 },
    expenses: { months: months(250), total: 250 },
    balance: { months: months(-150), total: -150 },
  },
};

function serve(urls: string[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url.startsWith('/v1/report/occupation')) return envelopeResponse(200, occupation);
      if (url.startsWith('/v1/report/profitability-by-branch')) {
        return envelopeResponse(200, profitability);
      }
      if (url.startsWith('/v1/report/customers')) {
        return envelopeResponse(200, {
          items: [],
          meta: {
            page: 1,
            take: 15,
            itemCount: 0,
            pageCount: 0,
            hasPreviousPage: false,
            hasNextPage: false,
          },
        });
      }
      if (url.startsWith('/v1/branch')) {
        return envelopeResponse(200, {
          items: [],
          meta: {
            page: 1,
            take: 100,
            itemCount: 0,
            pageCount: 0,
            hasPreviousPage: false,
            hasNextPage: false,
          },
        });
      }
      return envelopeResponse(200, { items: [], totals: {} });
    }),
  );
  return urls;
}

const admin: Privileges = { reports: ['view'], inventory: ['reports'] };

afterEach(() => {
  endSession('signout');
  vi.unstubAllGlobals();
});

describe('the reports screen (spec 002 §9)', () => {
  it('lists the reports the user may see, and opens one that shows rows without a choice', async () => {
    serve();
    signInAs(admin, { role: 'Super Administrador', fullname: 'Ana López Ruiz' });
    renderScreen(<ReportsPage />, { path: '/dashboard/reportes' });
    const catalogue = await screen.findByRole('navigation', { name: 'Catálogo de reportes' });
    const entries = within(catalogue).getAllByRole('link');
    expect(entries.map((entry) => entry.querySelector('span')?.textContent)).toContain(
      'Inventario por sucursal',
    );
    // Without Rentability, no profitability: the first entry the user may see opens.
    expect(entries.some((entry) => entry.textContent?.includes('Rentabilidad'))).toBe(false);
    expect(within(catalogue).getByRole('link', { current: 'page' })?.textContent).toContain(
      'Gastos por sucursal',
    );
  });

  it('opens profitability first for who may see it, with its income, expenses and balance', async () => {
    serve();
    signInAs({ ...admin, Rentability: ['view'] });
    renderScreen(<ReportsPage />, { path: '/dashboard/reportes' });
    const catalogue = await screen.findByRole('navigation', { name: 'Catálogo de reportes' });
    expect(within(catalogue).getByRole('link', { current: 'page' })?.textContent).toContain(
      'Rentabilidad por sucursal',
    );
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.report-table__totals td:first-child')].map(
          (cell) => cell.textContent,
        ),
      ).toEqual(['Total ingresos', 'Total gastos', 'Balance']),
    );
    const balance = document.querySelectorAll('.report-table__totals')[2] as HTMLElement;
    // income 100 − expenses 250 in January: the balance shows as 150.
    expect(balance.textContent).toContain('$150.00');
    expect(balance.textContent).not.toContain('-$150.00');
  });

  it('shows the heading, the rows, the colour bands in words and the totals', async () => {
    const urls = serve();
    signInAs(admin, { role: 'Super Administrador', fullname: 'Ana López Ruiz' });
    renderScreen(<ReportsPage />, {
      path: '/dashboard/reportes',
      at: '/dashboard/reportes?reporte=occupation',
    });
    const heading = await screen.findByRole('heading', {
      name: 'Porcentaje de confirmación de citas (ocupación)',
    });
    const table = heading.closest('.ant-table-wrapper') as HTMLElement;
    expect(table?.textContent).toContain('Ana López Ruiz · Super Administrador');
    expect(table?.textContent).toContain('Todas las sucursales');
    await within(table).findByText('Otay');
    expect(table?.textContent).toContain('25.00 % (bajo)');
    expect(table?.textContent).toContain('70.00 % (alto)');
    const totals = table.querySelector('.report-table__totals') as HTMLElement;
    expect(totals?.textContent).toContain('Total');
    expect(totals?.textContent).toContain('57.14 %');
    expect(
      urls.some((url) => /\/v1\/report\/occupation\?startDate=\d{4}-\d{2}-01&endDate=/.test(url)),
    ).toBe(true);
    expect(screen.getByRole('button', { name: /Descargar Excel/ }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('keeps the Excel download disabled while there is no data', async () => {
    serve();
    signInAs(admin);
    renderScreen(<ReportsPage />, {
      path: '/dashboard/reportes',
      at: '/dashboard/reportes?reporte=appointments',
    });
    await screen.findByText('Sin datos en el periodo');
    expect(screen.getByRole('button', { name: /Descargar Excel/ }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('shows a role fixed to its branch no branch select and its own branch in the heading', async () => {
    const urls = serve();
    signInAs(admin, { role: 'Sucursal Gerente', branch: 'Zona Río' });
    renderScreen(<ReportsPage />, {
      path: '/dashboard/reportes',
      at: '/dashboard/reportes?reporte=occupation',
    });
    await screen.findByText('Otay');
    expect(screen.queryByLabelText('Sucursal')).toBeNull();
    expect(
      urls.filter((url) => url.includes('/report/')).every((url) => !url.includes('branchId')),
    ).toBe(true);
    await waitFor(() =>
      expect(document.querySelector('.report-heading')?.textContent).toContain('Zona Río'),
    );
  });
});
