import type { Area } from './area';
import { branches } from './branches';
import { cashOrders } from './cash-orders';
import { cashClosings } from './cash-closings';
import { dayMoney } from './day-money';
import { cabins } from './cabins';
import { catalogue } from './catalogue';
import { customers } from './customers';
import { history } from './history';
import { offers } from './offers';
import { orders } from './orders';
import { staff } from './staff';
import { stock } from './stock';
import { stockMovements } from './stock-movements';
import { stockOrders } from './stock-orders';
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
  stockOrders,
  offers,
  customers,
  orders,
  cashOrders,
  cashClosings,
  dayMoney,
  appointments,
  history,
];

/**
 * The sizes at scale 1 of what has no table yet (issue 10): the issue that adds each table adds
 * its area above, filling it to this size, and removes it from here. The generator prints them,
 * so a run says what it does not cover.
 */
export const PENDING: { name: string; rows: number; note: string }[] = [
];
