import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  NotFound,
  formatOrderNumber,
  medicalCommission,
  type MedicCommissionRow,
  type commissionAgentBody,
} from '@clinica/domain';
import { queryRows } from '../../db/client';
import { appointment, medicCommission } from '../../db/schema';
import { audit, changesBetween } from '../../platform/audit';
import { actorOf, type Context } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { refuseClosedDay } from '../orders/closed-day';
import { commissionScope, scopeConditions } from './commission-scope';
import { readMedicCommission } from './medic-commission-read';

/**
 * PATCH /commission/{id}/update-commission-agent (CONTRACT §12): the commission moves to another
 * medic of its branch, its ISR recomputed at that medic's percent. Under the commission's row lock,
 * in this order: the commission within the caller's reach (404 code 12, the appointment's), the
 * medic (an active user whose job position is a medic's and whose employee file is at the
 * commission's branch, key-share locked so they are not deleted under it: 404 code 5), the day not
 * closed (409 code 45). Concurrent reassignments wait on the lock and each reads the row the last
 * one left, so the audit entries chain; a reassignment to the same medic changes nothing and
 * writes no entry.
 */

export const MODULE = 'medic_comission';

export async function updateCommissionAgent(
  ctx: Context,
  id: number,
  body: z.output<typeof commissionAgentBody>,
): Promise<MedicCommissionRow> {
  const scope = await commissionScope(ctx, 'medic_comission');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        userId: medicCommission.userId,
        branchId: medicCommission.branchId,
        fee: medicCommission.fee,
        isrPercent: medicCommission.isrPercent,
        isr: medicCommission.isr,
        net: medicCommission.net,
        day: appointment.date,
        appointmentNumber: appointment.appointmentNumber,
      })
      .from(medicCommission)
      .innerJoin(appointment, eq(appointment.id, medicCommission.appointmentId))
      .where(and(eq(medicCommission.id, id), ...scopeConditions(scope, medicCommission, undefined)))
      .for('update', { of: medicCommission });
    if (!row) throw notFound(NotFound.appointment);
    const [medic] = await queryRows<{ isr: string | null }>(
      tx,
      sql`
      SELECT bank.isr FROM "user" u
      JOIN kardex k ON k.user_id = u.id AND k.deleted_at IS NULL
      JOIN job_position jp ON jp.id = k.job_position_id
      LEFT JOIN kardex_bank_information bank ON bank.kardex_id = k.id
      WHERE u.id = ${body.userId} AND u.deleted_at IS NULL AND u.status = 'activo'
        AND jp.name LIKE 'Médico%' AND k.branch_id = ${row.branchId}
      FOR KEY SHARE OF u`,
    );
    if (!medic) throw notFound(NotFound.doctorRequired);
    await refuseClosedDay(tx, row.branchId, row.day);
    if (row.userId === body.userId) return readMedicCommission(tx, id);

    const isrPercent = medic.isr === null ? 0 : Number(medic.isr);
    const amounts = medicalCommission(Number(row.fee), 1, isrPercent);
    const before = {
      userId: row.userId,
      isrPercent: Number(row.isrPercent),
      isr: Number(row.isr),
      net: Number(row.net),
    };
    const after = { userId: body.userId, isrPercent, isr: amounts.isr, net: amounts.net };
    await tx
      .update(medicCommission)
      .set({ userId: body.userId, isrPercent, isr: amounts.isr, net: amounts.net })
      .where(eq(medicCommission.id, id));
    await audit(
      tx,
      actorOf(ctx, row.branchId),
      {
        module: MODULE,
        action: 'update',
        recordId: id,
        order: formatOrderNumber('appointment', row.appointmentNumber),
        changes: changesBetween(before, after),
      },
      now,
    );
    return readMedicCommission(tx, id);
  });
}
