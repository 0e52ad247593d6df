import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditOutlined } from '@ant-design/icons';
import type { Privileges } from '@clinica/domain';
import { renderScreen } from '../../test/render';
import { signInAs } from '../../test/session';
import type { ListPage, ListQueryParams } from './fetchAll';
import { ResourceList } from './ResourceList';
import type { ResourceListProps } from './types';
import { resetListStates } from './listState';

interface Cabin {
  id: number;
  name: string;
  branch: string;
}

const CABINS: Cabin[] = Array.from({ length: 40 }, (_, index) => ({
  id: index + 1,
  name: `Cabina ${String(index + 1).padStart(2, '0')}`,
  branch: index % 2 === 0 ? 'Zona Río' : 'Playas',
}));

/** A server double: pages, sizes and the branch filter, answering as the API does. */
function fakeServer() {
  return vi.fn(async (query: ListQueryParams, _signal?: AbortSignal): Promise<ListPage<Cabin>> => {
    const page = Number(query.page ?? 1);
    const take = Number(query.take ?? 15);
    const rows = query.branch ? CABINS.filter((row) => row.branch === query.branch) : CABINS;
    const items = rows.slice((page - 1) * take, page * take);
    const pageCount = Math.ceil(rows.length / take);
    return {
      items,
      meta: {
        page,
        take,
        itemCount: rows.length,
        pageCount,
        hasPreviousPage: page > 1,
        hasNextPage: page < pageCount,
      },
    };
  });
}

function renderList(privileges: Privileges, overrides: Partial<ResourceListProps<Cabin>> = {}) {
  resetListStates();
  signInAs(privileges);
  const fetchPage = fakeServer();
  const props: ResourceListProps<Cabin> = {
    listKey: 'cabain',
    resource: 'cabain',
    title: 'Cabinas',
    exportName: 'cabinas',
    fetchPage,
    rowKey: (row) => row.id,
    rowLabel: (row) => row.name,
    columns: [
      {
        key: 'name',
        title: 'Nombre',
        sortField: 'name',
        opensDetail: true,
        render: (row) => row.name,
        exportValue: (row) => row.name,
      },
      { key: 'branch', title: 'Sucursal', render: (row) => row.branch },
    ],
    searchFields: [
      { value: 'name', label: 'Nombre' },
      { value: 'phone', label: 'Teléfono' },
    ],
    filters: [
      {
        kind: 'select',
        name: 'branch',
        label: 'Sucursal',
        options: [
          { value: 'Zona Río', label: 'Zona Río' },
          { value: 'Playas', label: 'Playas' },
        ],
      },
    ],
    rowActions: [
      {
        key: 'edit',
        label: 'Editar',
        action: 'edit',
        icon: <EditOutlined />,
        to: (row) => `/dashboard/cabinas/${row.id}`,
      },
    ],
    detail: { title: (row) => `Cabina ${row.name}`, render: (row) => <p>Detalle de {row.name}</p> },
    createPath: '/dashboard/cabinas/crear',
    ...overrides,
  };
  const view = renderScreen(<ResourceList<Cabin> {...props} />, {
    path: '/dashboard/cabinas',
    others: ['/dashboard/cabinas/:id'],
  });
  return { ...view, fetchPage, props };
}

const lastQuery = (fetchPage: ReturnType<typeof fakeServer>) => fetchPage.mock.lastCall?.[0];

async function choose(optionTitle: string) {
  await waitFor(() =>
    expect(
      document.querySelector(`.ant-select-item-option[title="${optionTitle}"]`),
    ).not.toBeNull(),
  );
  await userEvent.click(
    document.querySelector(`.ant-select-item-option[title="${optionTitle}"]`) as HTMLElement,
  );
}

const ALL: Privileges = { cabain: ['view', 'show', 'create', 'edit', 'delete', 'reports'] };

describe('the resource list block', () => {
  it('asks the server for the first page of 15, newest first, and shows the total', async () => {
    const { fetchPage } = renderList(ALL);
    expect(await screen.findByText('Cabina 01')).toBeTruthy();
    expect(lastQuery(fetchPage)).toMatchObject({ page: 1, take: 15, order: 'DESC' });
    expect(screen.getByText('Mostrando 1–15 de 40 registros')).toBeTruthy();
    expect(screen.queryByText('Cabina 16')).toBeNull();
  });

  it('pages on the server: the next page is a new request', async () => {
    const { fetchPage } = renderList(ALL);
    await screen.findByText('Cabina 01');
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Cabina 16')).toBeTruthy();
    expect(lastQuery(fetchPage)).toMatchObject({ page: 2, take: 15 });
    expect(screen.getByText('Mostrando 16–30 de 40 registros')).toBeTruthy();
  });

  it('offers the page sizes 5, 10, 15, 30, 45, 60 and a total option', async () => {
    const { fetchPage } = renderList(ALL);
    await screen.findByText('Cabina 01');
    await userEvent.click(screen.getByRole('combobox', { name: 'Registros por página' }));
    const titles = [...document.querySelectorAll('.ant-select-item-option')].map((option) =>
      option.getAttribute('title'),
    );
    expect(titles).toEqual([
      '5 por página',
      '10 por página',
      '15 por página',
      '30 por página',
      '45 por página',
      '60 por página',
      'Todos',
    ]);
    await choose('Todos');
    expect(await screen.findByText('Cabina 40')).toBeTruthy();
    // The total option reads every page at the API's largest size.
    expect(lastQuery(fetchPage)).toMatchObject({ page: 1, take: 100 });
    expect(screen.getByText('Mostrando 1–40 de 40 registros')).toBeTruthy();
  });

  it('sorts on the server by the column the user clicks', async () => {
    const { fetchPage } = renderList(ALL);
    await screen.findByText('Cabina 01');
    await userEvent.click(screen.getByRole('columnheader', { name: /Nombre/ }));
    await waitFor(() =>
      expect(lastQuery(fetchPage)).toMatchObject({ field: 'name', order: 'ASC' }),
    );
    await userEvent.click(screen.getByRole('columnheader', { name: /Nombre/ }));
    await waitFor(() =>
      expect(lastQuery(fetchPage)).toMatchObject({ field: 'name', order: 'DESC' }),
    );
  });

  it('searches by the chosen field and filters, going back to page 1', async () => {
    const { fetchPage } = renderList(ALL);
    await screen.findByText('Cabina 01');
    await userEvent.click(screen.getByTitle('2'));
    await screen.findByText('Cabina 16');
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Buscar en Cabinas' }),
      'ana{Enter}',
    );
    await waitFor(() =>
      expect(lastQuery(fetchPage)).toMatchObject({
        page: 1,
        search: { field: 'name', value: 'ana' },
      }),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Sucursal' }));
    await choose('Playas');
    await waitFor(() => expect(lastQuery(fetchPage)).toMatchObject({ branch: 'Playas', page: 1 }));
  });

  it('keeps page and filters when the user goes to a form and comes back', async () => {
    const first = renderList(ALL);
    await screen.findByText('Cabina 01');
    await userEvent.click(screen.getByTitle('3'));
    await screen.findByText('Cabina 31');
    first.unmount();
    // A new mount of the same list (back from /crear) asks for the page it was on.
    const fetchPage = fakeServer();
    renderScreen(<ResourceList<Cabin> {...first.props} fetchPage={fetchPage} />, {
      path: '/dashboard/cabinas',
    });
    expect(await screen.findByText('Cabina 31')).toBeTruthy();
    expect(fetchPage.mock.calls[0]?.[0]).toMatchObject({ page: 3 });
  });

  it('shows row actions, Nuevo and the exports only with their privileges', async () => {
    renderList({ cabain: ['view', 'show'] });
    await screen.findByText('Cabina 01');
    expect(screen.queryByRole('button', { name: 'Acciones de Cabina 01' })).toBeNull();
    expect(screen.queryByText('Opciones')).toBeNull();
    expect(screen.queryByText('Nuevo')).toBeNull();
    expect(screen.queryByText('CSV')).toBeNull();
    expect(screen.queryByText('PDF')).toBeNull();
  });

  it('offers Editar with the edit privilege and Eliminar with delete, each on its own', async () => {
    renderList({ cabain: ['view', 'edit'] }, { remove: vi.fn() });
    await screen.findByText('Cabina 01');
    await userEvent.click(screen.getByRole('button', { name: 'Acciones de Cabina 01' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Editar')).toBeTruthy();
    expect(within(menu).queryByText('Eliminar')).toBeNull();
  });

  it('links Editar to /dashboard/{path}/{id}', async () => {
    const { router } = renderList(ALL);
    await screen.findByText('Cabina 01');
    await userEvent.click(screen.getByRole('button', { name: 'Acciones de Cabina 02' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByText('Editar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/cabinas/2'));
  });

  it('shows Nuevo with create and CSV/PDF with reports', async () => {
    renderList(ALL);
    await screen.findByText('Cabina 01');
    expect(screen.getByRole('link', { name: /Nuevo/ }).getAttribute('href')).toBe(
      '/dashboard/cabinas/crear',
    );
    expect(screen.getByRole('button', { name: /CSV/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /PDF/ })).toBeTruthy();
  });

  it('asks "¿Deseas eliminar este elemento?" before deleting, then reloads the list', async () => {
    const remove = vi.fn(async () => ({ status: 200, code: 0, message: 'ok', data: null }));
    const { fetchPage } = renderList(ALL, { remove });
    await screen.findByText('Cabina 01');
    const before = fetchPage.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Acciones de Cabina 03' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByText('Eliminar'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('¿Deseas eliminar este elemento?').length).toBeGreaterThan(
      0,
    );
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(CABINS[2]));
    await waitFor(() => expect(fetchPage.mock.calls.length).toBeGreaterThan(before));
    expect(await screen.findByText('Operación exitosa')).toBeTruthy();
  });

  it('opens the detail from the identifying cell', async () => {
    renderList(ALL);
    await userEvent.click(await screen.findByRole('button', { name: 'Cabina 05' }));
    expect(await screen.findByText('Detalle de Cabina 05')).toBeTruthy();
    expect(screen.getByText('Cabina Cabina 05')).toBeTruthy();
  });

  it('shows a skeleton while the first page loads, never "no records"', async () => {
    let answer: (page: ListPage<Cabin>) => void = () => undefined;
    renderList(ALL, {
      fetchPage: () => new Promise<ListPage<Cabin>>((resolve) => (answer = resolve)),
    });
    expect(await screen.findByRole('status', { name: 'Cargando Cabinas' })).toBeTruthy();
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByText(/Sin registros/)).toBeNull();
    answer({
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
    expect(await screen.findByText('Sin registros con estos filtros')).toBeTruthy();
    expect(document.querySelector('.ant-skeleton')).toBeNull();
  });

  it('a list that fails to load offers "Reintentar" in its place, toolbar and all', async () => {
    const server = fakeServer();
    let fail = true;
    renderList(ALL, {
      fetchPage: async (query, signal) => {
        if (fail) throw new Error('sin conexión');
        return server(query, signal);
      },
    });
    const retry = await screen.findByRole('button', { name: /Reintentar/ });
    expect(screen.getByText('No se pudo cargar cabinas')).toBeTruthy();
    expect(screen.queryByText(/Sin registros/)).toBeNull();
    expect(screen.getByRole('search', { name: 'Buscar y filtrar Cabinas' })).toBeTruthy();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Cabina 01')).toBeTruthy();
  });

  it('pins the row actions and a trailing status to the right edge', async () => {
    renderList(ALL, {
      columns: [
        { key: 'name', title: 'Nombre', render: (row) => row.name },
        { key: 'status', title: 'Estatus', pinned: true, render: () => 'Activa' },
      ],
    });
    await screen.findByText('Cabina 01');
    const headers = screen.getAllByRole('columnheader');
    const pinned = headers.filter((header) =>
      /ant-table-cell-fix-(right|end)/.test(header.className),
    );
    expect(pinned.map((header) => header.textContent)).toEqual(['Estatus', 'Opciones']);
  });
});
