import type { Area } from './area';
import { branches } from './branches';
import { cabins } from './cabins';
import { catalogue } from './catalogue';
import { history } from './history';
import { staff } from './staff';
import { stock } from './stock';
import { stockMovements } from './stock-movements';
import { appointments } from './appointments';

/**
 * The chain's areas, filled in this order (each may read what the earlier ones made: branch
 * shares, staff, products, lots). A new area adds its file here, before `history` when its rows
 * should appear in the log.
 */
export const AREAS: Area[] = [
  branches,
  cabins,
  staff,
  catalogue,
  stock,
  stockMovements,
  appointments,
  history,
];

/**
 * The sizes at scale 1 of what has no table yet (issue 10): the issue that adds each table adds
 * its area above, filling it to this size, and removes it from here. The generator prints them,
 * so a run says what it does not cover.
 */
export const PENDING: { name: string; rows: number; note: string }[] = [
  { name: 'clientes', rows: 300_000, note: 'with many visits per customer' },
  { name: 'órdenes', rows: 2_000_000, note: 'purchase, sale and assortment orders' },
];
