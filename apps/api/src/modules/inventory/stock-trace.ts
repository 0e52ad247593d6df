import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { NotFound, formatOrderNumber, type stockTrace } from '@clinica/domain';
import {
  appointment,
  branch,
  cashOrder,
  customer,
  product,
  purchasedProduct,
  stock,
  stockMovement,
  treatment,
} from '../../db/schema';
import type { Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { fixedBranch } from '../../platform/write';
import { movementColumns, movementFrom, movementOf, type MovementRow } from './stock.service';

/**
 * `GET /stock/{stockId}/trace` (CONTRACT §9, §13): a lot followed through the chain. Transfers and
 * assortment orders put the units they deliver in the destination's lot of the same product, lot
 * code and expiry (`lotsFor` of ledger.ts), so the lot's rows at every branch are the rows with
 * that key; their movements are the ledger, the appointments that used them are the
 * `appointment` movements (net of their reversals) with the appointment's customer, and the counter
 * sales that sold them are the movements naming a cash order (its sale net of its refund: a
 * refunded sale's units came back to the lot, so it is not listed).
 *
 * A role fixed to its branch traces only a lot its branch holds (another answers 404 code 1, as if
 * it did not exist) and reads the lot's rows at every branch (where its units came from and went:
 * branch names and units, no people), but the movements and the customers of its own branch only:
 * another branch's customers are not its records (CONTRACT §5).
 */

type StockTrace = z.input<typeof stockTrace>;

const customerColumns = {
  id: customer.id,
  customerId: customer.customerId,
  name: sql<string>`concat_ws(' ', ${customer.name}, ${customer.lastName}, ${customer.motherLastName})`,
};

export async function traceLot(ctx: Context, stockId: number): Promise<StockTrace> {
  const fixed = fixedBranch(ctx.session);
  const [lot] = await ctx.db
    .select({
      id: stock.id,
      branchId: stock.branchId,
      allotment: stock.allotment,
      expiresIn: stock.expiresIn,
      product: { id: product.id, sku: product.sku, name: product.name },
    })
    .from(stock)
    .innerJoin(product, eq(product.id, stock.productId))
    .where(eq(stock.id, stockId));
  if (!lot || (fixed !== null && lot.branchId !== fixed)) throw notFound(NotFound.stock);

  const rows = await ctx.db
    .select({
      stockId: stock.id,
      branch: { id: branch.id, name: branch.name },
      quantity: stock.quantity,
    })
    .from(stock)
    .innerJoin(branch, eq(branch.id, stock.branchId))
    .where(
      and(
        eq(stock.productId, lot.product.id),
        eq(stock.allotment, lot.allotment),
        sql`${stock.expiresIn} IS NOT DISTINCT FROM ${lot.expiresIn}::date`,
        or(isNull(stock.deletedAt), eq(stock.id, lot.id)),
      ),
    )
    .orderBy(asc(stock.id));
  const visible = rows
    .filter((row) => fixed === null || row.branch.id === fixed)
    .map((row) => row.stockId);

  const movements = (await movementFrom(ctx.db.select(movementColumns))
    .where(inArray(stockMovement.stockId, visible))
    .orderBy(asc(stockMovement.createdAt), asc(stockMovement.id))) as unknown as MovementRow[];

  const used = sql<number>`(-sum(${stockMovement.quantity}))::int`;
  const firstMoved = sql<Date>`min(${stockMovement.createdAt})`.mapWith(
    (value: string | Date) => new Date(value),
  );
  const customers = await ctx.db
    .select({
      customer: customerColumns,
      appointmentId: appointment.id,
      appointmentNumber: appointment.appointmentNumber,
      date: appointment.date,
      branchId: branch.id,
      branchName: branch.name,
      treatment: treatment.name,
      stockId: stockMovement.stockId,
      quantity: used,
      createdAt: firstMoved,
    })
    .from(stockMovement)
    .innerJoin(
      appointment,
      and(
        eq(stockMovement.documentType, 'appointment'),
        eq(appointment.id, stockMovement.documentId),
      ),
    )
    .innerJoin(customer, eq(customer.id, appointment.customerId))
    .innerJoin(branch, eq(branch.id, appointment.branchId))
    .leftJoin(purchasedProduct, eq(purchasedProduct.id, appointment.purchasedProductId))
    .leftJoin(treatment, eq(treatment.id, purchasedProduct.treatmentId))
    .where(
      and(
        inArray(stockMovement.stockId, visible),
        inArray(stockMovement.cause, ['appointment', 'appointment-reversal']),
      ),
    )
    .groupBy(stockMovement.stockId, appointment.id, customer.id, branch.id, treatment.id)
    .having(sql`sum(${stockMovement.quantity}) <> 0`)
    .orderBy(sql`min(${stockMovement.createdAt})`, appointment.id);

  const sales = await ctx.db
    .select({
      customerId: customer.id,
      customer: customerColumns,
      cashOrderId: cashOrder.id,
      orderNumber: cashOrder.orderNumber,
      date: cashOrder.paidDate,
      branchId: branch.id,
      branchName: branch.name,
      stockId: stockMovement.stockId,
      quantity: used,
      createdAt: firstMoved,
    })
    .from(stockMovement)
    .innerJoin(
      cashOrder,
      and(eq(stockMovement.documentType, 'cash-order'), eq(cashOrder.id, stockMovement.documentId)),
    )
    .innerJoin(branch, eq(branch.id, cashOrder.branchId))
    .leftJoin(customer, eq(customer.id, cashOrder.customerId))
    .where(inArray(stockMovement.stockId, visible))
    .groupBy(stockMovement.stockId, cashOrder.id, customer.id, branch.id)
    .having(sql`sum(${stockMovement.quantity}) <> 0`)
    .orderBy(sql`min(${stockMovement.createdAt})`, cashOrder.id);

  return {
    stockId: lot.id,
    product: lot.product,
    allotment: lot.allotment,
    expiresIn: lot.expiresIn,
    lots: rows,
    movements: movements.map(movementOf),
    customers: customers.map((entry) => ({
      customer: entry.customer,
      appointment: {
        id: entry.appointmentId,
        appointmentNumber: entry.appointmentNumber,
        date: entry.date,
        branch: { id: entry.branchId, name: entry.branchName },
        treatment: entry.treatment,
      },
      stockId: entry.stockId,
      quantity: Number(entry.quantity),
      created_at: entry.createdAt.toISOString(),
    })),
    sales: sales.map((entry) => ({
      customer: entry.customerId === null ? null : entry.customer,
      cashOrder: {
        id: entry.cashOrderId,
        orderNumber: entry.orderNumber,
        folio: formatOrderNumber('cashOrder', entry.orderNumber),
        date: entry.date,
        branch: { id: entry.branchId, name: entry.branchName },
      },
      stockId: entry.stockId,
      quantity: Number(entry.quantity),
      created_at: entry.createdAt.toISOString(),
    })),
  };
}
