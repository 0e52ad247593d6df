import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { auditLog, medicCommission } from '../../db/schema';
import { onPostgres } from '../../test/races';
import {
  allDetail,
  finished,
  m,
  openMedicWorld,
  reassign,
  setIsr,
  withheld,
} from './commission-world.testing';

/**
 * Concurrent reassignments of one commission (CONTRACT §12), on PostgreSQL where they really run
 * at once: the row lock orders them, so the commission ends paid to one medic with that medic's
 * ISR, and every effective change has one audit entry whose "before" is the previous "after".
 */

describe.runIf(onPostgres)('reassigning one commission ten times at once', () => {
  beforeAll(async () => {
    await openMedicWorld();
  }, 240_000);
  afterAll(async () => {
    await m.t?.close();
  });

  it('ends in a consistent row with one audit entry per effective change', async () => {
    const [first, second] = m.medics;
    const secondIsr = m.w.medicIsr + 2.5;
    await setIsr(second!, secondIsr);
    const appointmentId = await finished(first!);
    const row = (await allDetail(m.admin, first!)).find(
      (item) => item.appointment.id === appointmentId,
    )!;
    const targets = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? second! : first!));
    const answers = await Promise.all(targets.map((userId) => reassign(row.id, userId)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));

    const [stored] = await m.t.app.db
      .select()
      .from(medicCommission)
      .where(eq(medicCommission.id, row.id));
    const percent = stored!.userId === second ? secondIsr : m.w.medicIsr;
    const { isr, subtotal } = withheld(m.fee, percent);
    expect(stored).toMatchObject({ fee: m.fee, isrPercent: percent, isr, net: subtotal });

    const entries = await m.t.app.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.module, 'medic_comission'), eq(auditLog.recordId, row.id)))
      .orderBy(asc(auditLog.id));
    expect(entries.length).toBeGreaterThanOrEqual(1);
    let holder = first!;
    for (const entry of entries) {
      const moved = (entry.changes as { userId: { before: number; after: number } }).userId;
      expect(moved.before).toBe(holder);
      expect(moved.after).not.toBe(holder);
      holder = moved.after;
    }
    expect(holder).toBe(stored!.userId);
  });
});
