/** The three sales screens, each a `saleType` of `GET /order` (spec 002 §7). */
export const CHANNELS = {
  POS: {
    path: 'ventas-en-sucursal',
    label: 'Ventas en sucursal',
    title: 'Ventas en sucursal',
    description: 'Ventas del punto de venta de cada sucursal: tickets y devoluciones.',
  },
  App: {
    path: 'ventas-en-app',
    label: 'Ventas en app',
    title: 'Ventas en app',
    description: 'Ventas hechas por los clientes desde la app.',
  },
  online: {
    path: 'ventas-en-linea',
    label: 'Ventas en línea',
    title: 'Ventas en línea',
    description: 'Ventas hechas en la tienda en línea.',
  },
} as const;
export type Channel = keyof typeof CHANNELS;
