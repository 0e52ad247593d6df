import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { LOCK_REASONS } from '@clinica/domain';
import {
  addDays,
  localDayAndTime,
  lockCovers,
  minutesOfDay,
  scheduleDayOf,
  timeOfMinutes,
  type AppointmentStatus,
  type LockRule,
} from '@clinica/domain';
import type { Tx } from '../db/client';
import * as schema from '../db/schema';

/**
 * The demo's agenda (issue 16): three weeks around today in every clinic, every cabin, every
 * status, and a few locks. Written as consistent rows in bulk rather than through the booking
 * service (hundreds of bookings of a dozen queries each would slow every test's start): the
 * rows keep what the service keeps — inside the cabin's hours, off the locks, no cabin or staff
 * member twice at once (the EXCLUDE constraints check it on insert anyway), one appliance of a
 * kind per cabin that uses it, one appointment per customer per day.
 */

const DAYS_BEFORE = 10;
const DAYS_AFTER = 10;

/** A small deterministic generator, so the demo is the same on every machine. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Which treatments a cabin gives, by its name: one appliance-using cabin per kind of appliance. */
const CABIN_TREATMENTS: Record<string, string[]> = {
  'Consultorio 1': ['TX-TOXSUP', 'TX-LABIOS', 'TX-BIOEST'],
  'Facial 1': ['TC-LIMPZ', 'TC-PEELG', 'TC-HYDRA'],
  'Facial 2': ['TC-LIMPZ', 'TC-PEELG'],
  'Corporal 1': ['TC-RFCORP'],
  'Láser 1': ['TX-LASAX'],
  Valoración: ['TV-MEDICA', 'TV-COSMET'],
};

const METHODS = ['Cita presencial', 'Llamada telefónica', 'Redes sociales'] as const;
const CONFIRMS = ['si', 'no', 'whatsapp', 'buzón', null] as const;
const REASONS = ['Traffic', 'Desease', 'Work', 'Unspecified', 'Other'] as const;

function statusFor(
  day: string,
  start: string,
  now: { date: string; time: string },
  roll: number,
): AppointmentStatus {
  const past = day < now.date || (day === now.date && minutesOfDay(start) < minutesOfDay(now.time));
  if (!past) return roll < 0.08 ? 'cancelled' : 'scheduled';
  if (day === now.date && minutesOfDay(start) + 60 > minutesOfDay(now.time)) return 'inProcess';
  if (roll < 0.12) return 'cancelled';
  if (roll < 0.2) return 'absence';
  return 'finished';
}

/** The instant (ISO, UTC) of a branch-local day and time in a zone. */
export function instantOf(day: string, time: string, zone: string): string {
  const asUtc = new Date(`${day}T${time}:00Z`);
  const local = localDayAndTime(asUtc, zone);
  const shown = new Date(`${local.date}T${local.time}Z`);
  return new Date(asUtc.getTime() + (asUtc.getTime() - shown.getTime())).toISOString();
}

interface Planned {
  row: typeof schema.appointment.$inferInsert;
  treatmentId: number;
  categoryId: number;
  cancelled: boolean;
}

export async function seedAgendaDemo(tx: Tx, now: Date): Promise<void> {
  const next = random(16);
  const clinics = await tx
    .select()
    .from(schema.branch)
    .where(and(eq(schema.branch.distributionCenter, false), isNull(schema.branch.deletedAt)))
    .orderBy(asc(schema.branch.id));
  const treatments = await tx
    .select({
      id: schema.treatment.id,
      sku: schema.treatment.sku,
      minutes: schema.treatment.durationMinutes,
      type: schema.treatmentType.name,
    })
    .from(schema.treatment)
    .innerJoin(schema.treatmentType, eq(schema.treatmentType.id, schema.treatment.treatmentTypeId));
  const bySku = new Map(treatments.map((entry) => [entry.sku, entry]));
  const categoryLinks = await tx.select().from(schema.treatmentCategory);
  const categoryOf = new Map(categoryLinks.map((link) => [link.treatmentId, link.categoryId]));
  const customers = (
    await tx
      .select({ id: schema.customer.id })
      .from(schema.customer)
      .where(and(eq(schema.customer.blackList, 0), isNull(schema.customer.deletedAt)))
      .orderBy(asc(schema.customer.id))
  ).map((row) => row.id);
  if (customers.length === 0 || treatments.length === 0) return;
  const staff = await tx
    .select({ id: schema.user.id, role: schema.role.key, branchId: schema.kardex.branchId })
    .from(schema.user)
    .innerJoin(schema.role, eq(schema.role.id, schema.user.roleId))
    .innerJoin(schema.kardex, eq(schema.kardex.userId, schema.user.id))
    .where(
      and(
        inArray(schema.role.key, ['medic', 'cosmetologist']),
        eq(schema.user.status, 'activo'),
        isNull(schema.user.deletedAt),
      ),
    )
    .orderBy(asc(schema.user.id));
  const booker = staff[0]?.id ?? null;

  const planned: Planned[] = [];
  const locks: (typeof schema.agendaLock.$inferInsert)[] = [];
  let customerCursor = 0;
  for (const clinic of clinics) {
    const today = localDayAndTime(now, clinic.zone);
    const cabins = await tx
      .select({ id: schema.cabin.id, name: schema.cabin.name })
      .from(schema.cabin)
      .where(and(eq(schema.cabin.branchId, clinic.id), isNull(schema.cabin.deletedAt)))
      .orderBy(asc(schema.cabin.id));
    const hours = await tx
      .select()
      .from(schema.cabinSchedule)
      .where(
        inArray(
          schema.cabinSchedule.cabinId,
          cabins.map((entry) => entry.id),
        ),
      );
    // Lunch in the first cabin on weekdays, and a training afternoon in the second next week.
    const cabinLocks = new Map<number, LockRule[]>();
    const addLock = (
      cabinId: number,
      rule: LockRule,
      reason: (typeof LOCK_REASONS)[number],
      text: string,
    ) => {
      cabinLocks.set(cabinId, [...(cabinLocks.get(cabinId) ?? []), rule]);
      locks.push({
        branchId: clinic.id,
        cabinId,
        type: rule.type,
        reason,
        reasonDescription: text,
        time: [...rule.time],
        date: rule.date,
        days: [...rule.days],
        recurrent: rule.recurrent,
        userId: booker,
      });
    };
    if (cabins[0])
      addLock(
        cabins[0].id,
        {
          type: 'hour',
          time: ['14:00'],
          date: addDays(today.date, -DAYS_BEFORE),
          days: [1, 2, 3, 4, 5],
          recurrent: true,
        },
        'comida',
        'Comida del consultorio',
      );
    if (cabins[1])
      addLock(
        cabins[1].id,
        {
          type: 'hours_range',
          time: ['15:00', '18:00'],
          date: addDays(today.date, 3),
          days: [],
          recurrent: false,
        },
        'capacitación',
        'Capacitación de aparatología',
      );

    const branchStaff = staff.filter((member) => member.branchId === clinic.id);
    for (let offset = -DAYS_BEFORE; offset <= DAYS_AFTER; offset++) {
      const day = addDays(today.date, offset);
      const weekday = scheduleDayOf(day);
      const usedCustomers = new Set<number>();
      const staffBusy = new Map<number, [number, number][]>();
      for (const cabin of cabins) {
        const skus = CABIN_TREATMENTS[cabin.name] ?? [];
        const open = hours.find((entry) => entry.cabinId === cabin.id && entry.day === weekday);
        if (!open || skus.length === 0) continue;
        const closing = minutesOfDay(open.closing);
        let minute = minutesOfDay(open.opening);
        while (minute < closing) {
          const chosen = bySku.get(skus[Math.floor(next() * skus.length)]!);
          if (!chosen || next() > 0.3 || minute + chosen.minutes > closing) {
            minute += 30;
            continue;
          }
          const start = timeOfMinutes(minute);
          const end = timeOfMinutes(minute + chosen.minutes);
          if ((cabinLocks.get(cabin.id) ?? []).some((lock) => lockCovers(lock, day, start, end))) {
            minute += 30;
            continue;
          }
          let customerId = customers[customerCursor++ % customers.length]!;
          for (let tries = 0; usedCustomers.has(customerId) && tries < customers.length; tries++)
            customerId = customers[customerCursor++ % customers.length]!;
          usedCustomers.add(customerId);
          const role = chosen.type === 'Cosmetóloga' ? 'cosmetologist' : 'medic';
          const attendant = branchStaff.find(
            (member) =>
              member.role === role &&
              !(staffBusy.get(member.id) ?? []).some(
                ([from, to]) => from < minute + chosen.minutes && minute < to,
              ),
          );
          if (attendant)
            staffBusy.set(attendant.id, [
              ...(staffBusy.get(attendant.id) ?? []),
              [minute, minute + chosen.minutes],
            ]);
          const status = statusFor(day, start, today, next());
          const bookedAt = new Date(now.getTime() - (DAYS_BEFORE - offset + 3) * 86_400_000);
          planned.push({
            row: {
              branchId: clinic.id,
              cabinId: cabin.id,
              customerId,
              appointmentType: chosen.type,
              appointmentMethod: METHODS[Math.floor(next() * METHODS.length)]!,
              appointmentOption: 'newTreatments',
              attendedById: attendant?.id ?? null,
              userId: booker,
              date: day,
              startTime: start,
              endTime: end,
              period: `[${instantOf(day, start, clinic.zone)},${instantOf(day, end, clinic.zone)})`,
              status,
              confirmMethod: CONFIRMS[Math.floor(next() * CONFIRMS.length)] ?? null,
              createdAt: bookedAt,
              updatedAt: bookedAt,
            },
            treatmentId: chosen.id,
            categoryId: categoryOf.get(chosen.id)!,
            cancelled: status === 'cancelled',
          });
          minute += chosen.minutes;
        }
      }
    }
  }

  if (locks.length > 0) await tx.insert(schema.agendaLock).values(locks);
  for (let index = 0; index < planned.length; index += 500) {
    const chunk = planned.slice(index, index + 500);
    const ids = await tx
      .insert(schema.appointment)
      .values(chunk.map((entry) => entry.row))
      .returning({ id: schema.appointment.id });
    await tx.insert(schema.appointmentTreatment).values(
      chunk.map((entry, position) => ({
        appointmentId: ids[position]!.id,
        treatmentId: entry.treatmentId,
      })),
    );
    await tx.insert(schema.appointmentCategory).values(
      chunk
        .map((entry, position) => ({
          appointmentId: ids[position]!.id,
          categoryId: entry.categoryId,
        }))
        .filter((link) => link.categoryId !== undefined),
    );
    const cancellations = chunk.flatMap((entry, position) =>
      entry.cancelled
        ? [
            {
              appointmentId: ids[position]!.id,
              type: position % 4 === 0 ? 'Reschedule' : 'Cancellation',
              reason: REASONS[position % REASONS.length]!,
              comment: REASONS[position % REASONS.length] === 'Other' ? 'Viaje imprevisto' : null,
              customerCancellation: position % 3 !== 0,
              userId: entry.row.userId ?? null,
              createdAt: entry.row.createdAt as Date,
            },
          ]
        : [],
    );
    if (cancellations.length > 0)
      await tx.insert(schema.appointmentCancellation).values(cancellations);
    await tx.insert(schema.appointmentLog).values(
      chunk.map((entry, position) => ({
        appointmentId: ids[position]!.id,
        action: 'create',
        date: entry.row.date,
        startTime: entry.row.startTime,
        status: 'scheduled',
        changes: {
          date: { before: null, after: entry.row.date },
          startTime: { before: null, after: entry.row.startTime },
          status: { before: null, after: 'scheduled' },
        },
        branchId: entry.row.branchId,
        customerId: entry.row.customerId,
        userId: entry.row.userId ?? null,
        createdAt: entry.row.createdAt as Date,
      })),
    );
  }
}
