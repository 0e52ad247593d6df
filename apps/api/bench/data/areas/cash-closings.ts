import type { Area } from './area';

/**
 * The daily cash closings (issue 27): every clinic's past days with a sale or a refund, up to two
 * days ago, closed with the figures of CONTRACT §12 summed from the orders' and cash orders' rows
 * (the whole day, and `products` over the cash orders), one in five counted a few pesos off. About
 * 30 clinics × 4 years at scale 1.
 */

const money = (kind: string) => `coalesce(${kind}, 0)`;

/** The money figures of a set of payment, sale and refund sums (`p`, `s`, `r`) with a suffix. */
function figures(suffix: string) {
  const pay = (method: string, currency?: string) =>
    `sum(amount_mxn) FILTER (WHERE method = '${method}'${currency ? ` AND currency = '${currency}'` : ''}${suffix})`;
  return `
    ${pay('Efectivo', 'MXN')} AS cash${suffix ? '_p' : ''},
    sum(amount) FILTER (WHERE method = 'Efectivo' AND currency = 'DLS'${suffix}) AS dollars${suffix ? '_p' : ''},
    ${pay('Efectivo', 'DLS')} AS dollars_mxn${suffix ? '_p' : ''},
    ${pay('Tarjeta de crédito')} AS credit${suffix ? '_p' : ''},
    ${pay('Tarjeta de débito')} AS debit${suffix ? '_p' : ''},
    ${pay('Transferencia electrónica')} AS transfer${suffix ? '_p' : ''},
    ${pay('Depósito bancario')} AS deposit${suffix ? '_p' : ''},
    ${pay('Puntos')} AS points${suffix ? '_p' : ''}`;
}

function refunds(suffix: string) {
  const by = (method: string) =>
    `sum(amount) FILTER (WHERE method = '${method}'${suffix})`;
  const tail = suffix ? '_p' : '';
  return `
    ${by('Efectivo')} AS r_cash${tail}, ${by('Tarjeta de crédito')} AS r_credit${tail},
    ${by('Tarjeta de débito')} AS r_debit${tail}, ${by('Transferencia electrónica')} AS r_transfer${tail},
    ${by('Depósito bancario')} AS r_deposit${tail}, sum(points) FILTER (WHERE true${suffix}) AS r_points${tail},
    count(*) FILTER (WHERE true${suffix}) AS r_count${tail}`;
}

/** The JSON or column list of one set's figures from the joined sums (`_p`: the cash orders'). */
function record(tail: string) {
  const m = (name: string) => money(`${name}${tail}`);
  const cash = `${m('cash')} - ${m('change')}`;
  const sales = `${cash} + ${m('dollars_mxn')} + ${m('credit')} + ${m('debit')} + ${m('transfer')} + ${m('deposit')} + ${m('points')}`;
  const back = `${m('r_cash')} + ${m('r_credit')} + ${m('r_debit')} + ${m('r_transfer')} + ${m('r_deposit')} + ${m('r_points')}`;
  return {
    cashTotal: cash,
    cashTotalDollars: m('dollars'),
    cashTotalDollarsMxn: m('dollars_mxn'),
    creditCardTotal: m('credit'),
    debitCardTotal: m('debit'),
    transferTotal: m('transfer'),
    depositTotal: m('deposit'),
    pointsTotal: m('points'),
    salesTotal: sales,
    refundCash: m('r_cash'),
    refundCreditCard: m('r_credit'),
    refundDebitCard: m('r_debit'),
    refundTransfer: m('r_transfer'),
    refundDeposit: m('r_deposit'),
    refundPoints: m('r_points'),
    refundTotal: back,
    total: `(${sales}) - (${back})`,
    ordersCount: tail ? '0' : m('orders'),
    cashOrdersCount: m('cash_orders'),
    refundsCount: m('r_count'),
  };
}

export const cashClosings: Area = {
  name: 'cortes de caja',
  rows: 'unos 40,000 cortes de caja (cada clínica, cada día con ventas)',
  async fill({ client }) {
    const all = record('');
    const products = record('_p');
    const columns = Object.keys(all)
      .map((key) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`))
      .join(', ');
    await client.query(
      `WITH pay AS (
              SELECT o.branch_id, o.paid_date AS day, false AS product, p.payment_method AS method,
                     p.currency, p.amount, p.amount_mxn
                FROM orders o JOIN order_payment p ON p.order_id = o.id
               WHERE o.paid_date < current_date - 1
              UNION ALL
              SELECT o.branch_id, o.paid_date, true, p.payment_method, p.currency, p.amount, p.amount_mxn
                FROM cash_order o JOIN cash_order_payment p ON p.cash_order_id = o.id
               WHERE o.paid_date < current_date - 1),
            paid AS (
              SELECT branch_id AS pb, day AS pd, ${figures('')}, ${figures(' AND product')}
                FROM pay GROUP BY branch_id, day),
            sold AS (
              SELECT branch_id, paid_date AS day, sum(change_amount) AS change_o, count(*) AS orders
                FROM orders WHERE paid_date < current_date - 1 GROUP BY 1, 2),
            counter AS (
              SELECT branch_id, paid_date AS day, sum(change_amount) AS change_c, count(*) AS cash_orders
                FROM cash_order WHERE paid_date < current_date - 1 GROUP BY 1, 2),
            back AS (
              SELECT o.branch_id, o.refund_date AS day, false AS product, o.refund_method AS method,
                     o.refund_amount AS amount,
                     (SELECT coalesce(sum(p.amount_mxn), 0) FROM order_payment p
                       WHERE p.order_id = o.id AND p.payment_method = 'Puntos') AS points
                FROM orders o WHERE o.refund_date < current_date - 1
              UNION ALL
              SELECT o.branch_id, o.refund_date, true, o.refund_method, o.refund_amount,
                     (SELECT coalesce(sum(p.amount_mxn), 0) FROM cash_order_payment p
                       WHERE p.cash_order_id = o.id AND p.payment_method = 'Puntos')
                FROM cash_order o WHERE o.refund_date < current_date - 1),
            returned AS (
              SELECT branch_id AS rb, day AS rd, ${refunds('')}, ${refunds(' AND product')}
                FROM back GROUP BY branch_id, day),
            days AS (
              SELECT pb AS branch_id, pd AS day FROM paid UNION SELECT rb, rd FROM returned),
            joined AS (
              SELECT d.branch_id, d.day, paid.*, returned.*,
                     coalesce(sold.change_o, 0) + coalesce(counter.change_c, 0) AS change,
                     coalesce(counter.change_c, 0) AS change_p,
                     coalesce(sold.orders, 0) AS orders, coalesce(counter.cash_orders, 0) AS cash_orders,
                     coalesce(counter.cash_orders, 0) AS cash_orders_p,
                     row_number() OVER (ORDER BY d.day, d.branch_id) AS n
                FROM days d
                LEFT JOIN paid ON paid.pb = d.branch_id AND paid.pd = d.day
                LEFT JOIN returned ON returned.rb = d.branch_id AND returned.rd = d.day
                LEFT JOIN sold ON sold.branch_id = d.branch_id AND sold.day = d.day
                LEFT JOIN counter ON counter.branch_id = d.branch_id AND counter.day = d.day)
       INSERT INTO daily_cash_closing (branch_id, user_id, date, ${columns}, exchange_rate, products,
              counted_cash, counted_cash_dollars, difference, difference_dollars, comments, created_at)
       SELECT j.branch_id, (SELECT id FROM "user" WHERE username = 'admin@clinica.mx'), j.day,
              ${Object.values(all).join(', ')}, 18.5,
              jsonb_build_object(${Object.entries(products)
                .map(([key, value]) => `'${key}', ${value}`)
                .join(', ')}),
              greatest(0, ${all.cashTotal} - ${all.refundCash} + CASE WHEN j.n % 5 = 0 THEN -10 ELSE 0 END),
              ${all.cashTotalDollars},
              greatest(0, ${all.cashTotal} - ${all.refundCash} + CASE WHEN j.n % 5 = 0 THEN -10 ELSE 0 END)
                - (${all.cashTotal} - ${all.refundCash}),
              0,
              CASE WHEN j.n % 5 = 0 THEN 'Diferencia en el conteo' END,
              (j.day + 1)::timestamp + interval '3 hours'
         FROM joined j
        ON CONFLICT (branch_id, date) DO NOTHING`,
    );
  },
};
