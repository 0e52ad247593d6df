import { asc, eq, inArray } from 'drizzle-orm';
import { SCHEDULE_DAYS, isDayOff, minutesOf, type ScheduleDay } from '@clinica/domain';
import type { Executor } from '../../db/client';
import { branchSchedule, cabinSchedule } from '../../db/schema';
import type { FieldError } from '../../platform/errors';

export type Week = { day: number; opening: string; closing: string }[];

/** 'HH:mm:ss' as the database returns a time, to the API's 'HH:mm'. */
const hhmm = (time: string) => time.slice(0, 5);

/**
 * All seven days, 0 (Monday) to 6 (Sunday); a day the caller left out is a day off (00:00–00:00).
 */
export function fullWeek(days: ScheduleDay[] | Week): Week {
  return SCHEDULE_DAYS.map((day) => {
    const given = days.find((entry) => entry.day === day);
    return given
      ? { day, opening: hhmm(given.opening), closing: hhmm(given.closing) }
      : { day, opening: '00:00', closing: '00:00' };
  });
}

type ScheduleTable = typeof branchSchedule | typeof cabinSchedule;
const ownerColumn = (table: ScheduleTable) =>
  'branchId' in table ? table.branchId : table.cabinId;

/** The weeks of several owners (branches or cabins) in one query. */
export async function weeksOf(
  executor: Executor,
  table: ScheduleTable,
  ownerIds: number[],
): Promise<Map<number, Week>> {
  const weeks = new Map<number, Week>();
  if (ownerIds.length === 0) return weeks;
  const owner = ownerColumn(table);
  const rows = await executor
    .select({ owner, day: table.day, opening: table.opening, closing: table.closing })
    .from(table)
    .where(inArray(owner, ownerIds))
    .orderBy(asc(table.day));
  for (const id of ownerIds) weeks.set(id, []);
  for (const row of rows)
    weeks
      .get(row.owner)
      ?.push({ day: row.day, opening: hhmm(row.opening), closing: hhmm(row.closing) });
  for (const [id, week] of weeks) weeks.set(id, fullWeek(week));
  return weeks;
}

/** Replaces an owner's week with the given days (the seven of them, days off included). */
export async function replaceWeek(
  executor: Executor,
  table: ScheduleTable,
  ownerId: number,
  days: ScheduleDay[],
) {
  const week = fullWeek(days);
  if (table === branchSchedule) {
    await executor.delete(branchSchedule).where(eq(branchSchedule.branchId, ownerId));
    await executor
      .insert(branchSchedule)
      .values(week.map((day) => ({ ...day, branchId: ownerId })));
  } else {
    await executor.delete(cabinSchedule).where(eq(cabinSchedule.cabinId, ownerId));
    await executor.insert(cabinSchedule).values(week.map((day) => ({ ...day, cabinId: ownerId })));
  }
  return week;
}

/**
 * Checks a cabin's week against its branch's (spec 000 §5): the branch must have hours, and each
 * enabled day must lie within the branch's hours that day; 00:00–00:00 is always accepted.
 */
export function cabinWeekProblems(cabinWeek: Week, branchWeek: Week): FieldError[] {
  if (branchWeek.every(isDayOff)) return [{ field: 'branchId', message: 'Sucursal sin horarios' }];
  const problems: FieldError[] = [];
  cabinWeek.forEach((entry, index) => {
    if (isDayOff(entry)) return;
    const branchDay = branchWeek.find((day) => day.day === entry.day) ?? {
      opening: '00:00',
      closing: '00:00',
    };
    const inside =
      !isDayOff(branchDay) &&
      minutesOf(entry.opening) >= minutesOf(branchDay.opening) &&
      minutesOf(entry.closing) <= minutesOf(branchDay.closing);
    if (!inside) {
      problems.push({
        field: `schedule.${index}`,
        message: `El horario de la sucursal es de ${branchDay.opening} - ${branchDay.closing}`,
      });
    }
  });
  return problems;
}
