import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import * as schema from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Tijuana is UTC−8 most of the year: 08:30 there is 16:30 UTC. */
const OPENING_UTC_MINUTES = 16 * 60 + 30;

/**
 * Two weeks of arrivals ('Registrar Entrada') for the active staff, Monday to Saturday, between
 * 08:30 and 09:15, so the attendance list shows something real on first run (CONTRACT §1). The
 * spread is derived from the ids, so the same database always gets the same data.
 */
export async function seedAttendanceDemo(executor: Executor, now: Date = new Date()) {
  const staff = await executor
    .select({ userId: schema.user.id, branchId: schema.kardex.branchId })
    .from(schema.user)
    .innerJoin(schema.kardex, eq(schema.kardex.userId, schema.user.id))
    .where(and(eq(schema.user.status, 'activo'), isNull(schema.user.deletedAt)));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const arrivals: (typeof schema.attendance.$inferInsert)[] = [];
  for (let daysAgo = 14; daysAgo >= 1; daysAgo -= 1) {
    const day = today - daysAgo * DAY_MS;
    if (new Date(day).getUTCDay() === 0) continue;
    for (const { userId, branchId } of staff) {
      // About one day in nine off, and a minute of arrival that moves from day to day.
      if ((userId * 7 + daysAgo) % 9 === 0) continue;
      const minute = OPENING_UTC_MINUTES + ((userId * 13 + daysAgo * 17) % 46);
      arrivals.push({ userId, branchId, checkedInAt: new Date(day + minute * 60_000) });
    }
  }
  if (arrivals.length > 0) await executor.insert(schema.attendance).values(arrivals);
}
