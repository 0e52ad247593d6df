import { CalculatorOutlined, ShopOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** Daily cash closings (spec 002 §2: `/dashboard/corte-sucursal`), privilege `cashClosing`. */
export const cashClosingsFeature = defineFeature({
  path: 'corte-sucursal',
  label: 'Corte de caja',
  privilege: 'cashClosing',
  page: async () => (await import('./ClosingsPage')).ClosingsPage,
  nav: {
    group: 'Ventas',
    icon: <CalculatorOutlined />,
    description: 'El cierre de caja de cada sucursal y día, con su conteo y diferencia',
  },
});

/** The cash-only closings (spec 002 §2: `/dashboard/corte-de-productos`). */
export const productClosingsFeature = defineFeature({
  path: 'corte-de-productos',
  label: 'Corte de productos',
  privilege: 'cashClosing',
  page: async () => (await import('./ClosingsPage')).ProductClosingsPage,
  nav: {
    group: 'Ventas',
    icon: <ShopOutlined />,
    description: 'Los cortes de caja con las cifras de las ventas de productos',
  },
});
