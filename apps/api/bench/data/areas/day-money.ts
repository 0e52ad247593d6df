import { DAY_MONEY_BACKFILL } from '../../../src/modules/orders/day-money-recompute';
import type { Area } from './area';

/**
 * The money reports' read model (`branch_day_money`, CONTRACT §14): the bulk orders and cash
 * orders were written by SQL, not through the writer, so the table is recomputed from them at the
 * end with the migration's own backfill (the demo's rows, which the writer kept, included).
 */
export const dayMoney: Area = {
  name: 'dinero por sucursal y día',
  rows: '~70 k branch-days',
  async fill({ client }) {
    await client.query('DELETE FROM branch_day_money');
    await client.query(DAY_MONEY_BACKFILL);
  },
};
