import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVILEGES } from '@clinica/domain';
import { navigationFor } from './navigation';

const paths = (privileges: Parameters<typeof navigationFor>[0]) =>
  navigationFor(privileges).flatMap((group) => group.items.map((item) => item.path));

describe('sidebar by privilege keys (spec 000 §2)', () => {
  it('always shows the dashboard home', () => {
    expect(paths({})).toEqual(['/dashboard/inicio']);
  });

  it('shows the super administrator the history and the role editor', () => {
    expect(paths(DEFAULT_PRIVILEGES.superAdmin)).toEqual([
      '/dashboard/inicio',
      '/dashboard/personal',
      '/dashboard/asistencia',
      '/dashboard/sucursales',
      '/dashboard/cabinas',
      '/dashboard/tipos-cabina',
      '/dashboard/categorias',
      '/dashboard/productos',
      '/dashboard/tipos-producto',
      '/dashboard/tratamientos',
      '/dashboard/proveedores',
      '/dashboard/aparatos',
      '/dashboard/aparatos-sucursal',
      '/dashboard/paquetes',
      '/dashboard/promociones',
      '/dashboard/cupones',
      '/dashboard/ordenes-de-compra',
      '/dashboard/ordenes-de-venta',
      '/dashboard/ordenes-de-surtido',
      '/dashboard/resurtidos',
      '/dashboard/inventario',
      '/dashboard/transferencias',
      '/dashboard/agenda',
      '/dashboard/citas',
      '/dashboard/bloqueos',
      '/dashboard/lista-de-espera',
      '/dashboard/bitacora',
      '/dashboard/clientes',
      '/dashboard/sistema-de-lealtad',
      '/dashboard/miembros',
      '/dashboard/we-miss-you',
      '/dashboard/ventas-en-sucursal',
      '/dashboard/ventas-en-app',
      '/dashboard/ventas-en-linea',
      '/dashboard/ventas-sucursal-producto',
      '/dashboard/comisiones-medicas',
      '/dashboard/comisiones-cosmetologicas',
      '/dashboard/corte-sucursal',
      '/dashboard/corte-de-productos',
      '/dashboard/metas',
      '/dashboard/configuraciones',
      '/dashboard/historial',
      '/dashboard/roles',
      '/dashboard/reportes',
    ]);
  });

  it('shows a medic the products and treatments they read, but neither the history nor the role editor', () => {
    expect(paths(DEFAULT_PRIVILEGES.medic)).toEqual([
      '/dashboard/inicio',
      '/dashboard/productos',
      '/dashboard/tipos-producto',
      '/dashboard/tratamientos',
      '/dashboard/paquetes',
      '/dashboard/promociones',
      '/dashboard/inventario',
      '/dashboard/agenda',
      '/dashboard/citas',
      '/dashboard/bloqueos',
      '/dashboard/lista-de-espera',
      '/dashboard/bitacora',
      '/dashboard/clientes',
      '/dashboard/comisiones-medicas',
    ]);
  });

  it('shows a branch manager the history but not the role editor', () => {
    expect(paths(DEFAULT_PRIVILEGES.branchManager)).toEqual([
      '/dashboard/inicio',
      '/dashboard/personal',
      '/dashboard/asistencia',
      '/dashboard/sucursales',
      '/dashboard/cabinas',
      '/dashboard/tipos-cabina',
      '/dashboard/categorias',
      '/dashboard/productos',
      '/dashboard/tipos-producto',
      '/dashboard/tratamientos',
      '/dashboard/aparatos',
      '/dashboard/aparatos-sucursal',
      '/dashboard/paquetes',
      '/dashboard/promociones',
      '/dashboard/cupones',
      '/dashboard/ordenes-de-surtido',
      '/dashboard/resurtidos',
      '/dashboard/inventario',
      '/dashboard/transferencias',
      '/dashboard/agenda',
      '/dashboard/citas',
      '/dashboard/bloqueos',
      '/dashboard/lista-de-espera',
      '/dashboard/bitacora',
      '/dashboard/clientes',
      '/dashboard/sistema-de-lealtad',
      '/dashboard/miembros',
      '/dashboard/we-miss-you',
      '/dashboard/ventas-en-sucursal',
      '/dashboard/ventas-en-app',
      '/dashboard/ventas-en-linea',
      '/dashboard/ventas-sucursal-producto',
      '/dashboard/comisiones-medicas',
      '/dashboard/comisiones-cosmetologicas',
      '/dashboard/corte-sucursal',
      '/dashboard/corte-de-productos',
      '/dashboard/metas',
      '/dashboard/historial',
      '/dashboard/reportes',
    ]);
  });

  it('shows the logistics manager the whole catalogue, providers included', () => {
    const catalogue = navigationFor(DEFAULT_PRIVILEGES.logisticsManager).find(
      (group) => group.label === 'Catálogo',
    );
    expect(catalogue?.items.map((item) => item.label)).toEqual([
      'Productos',
      'Tipos de producto',
      'Tratamientos',
      'Proveedores',
      'Aparatos',
      'Aparatos por sucursal',
    ]);
  });

  it('opens the reports to a role given profitability alone (Rentability)', () => {
    const paths = navigationFor({ Rentability: ['view'] }).flatMap((group) =>
      group.items.map((item) => item.path),
    );
    expect(paths).toContain('/dashboard/reportes');
  });

  it('drops a group left without items', () => {
    expect(navigationFor({}).map((group) => group.label)).toEqual([null]);
  });
});
