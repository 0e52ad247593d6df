import type { RoleKey } from './privileges';
import { roundMoney } from './catalogue-math';

/**
 * The agenda's pure rules (spec 002 §4, §5, §9; CONTRACT §8, §13), read by the API (which enforces
 * them) and by the screens (which offer only what they allow): 30-minute slots, an appointment's
 * end, the status choices of each state, the cancellation and reschedule limits, the order of
 * cosmetic and medical treatments in a day, and which time a lock covers.
 */

/** Time step and slot size (spec 002 §9). */
export const SLOT_MINUTES = 30;
/** Past slots more than this many minutes ago are locked on the grid (spec 002 §4). */
export const PAST_SLOT_GRACE_MINUTES = 30;
/** Missed appointments from which the form warns (spec 002 §9). */
export const MISSED_APPOINTMENTS_WARNING = 2;
/** Cancellations from which booking is refused, 409 code 15 (spec 002 §9, CONTRACT §13). */
export const CANCELLATION_LIMIT = 3;
/** The same limit for the roles CONTRACT §13 names (Super Administrador, Gerente Operativo). */
export const PRIVILEGED_CANCELLATION_LIMIT = 4;
/** Changes (moves) plus cancellations an appointment's treatment may have had before 409 code 16. */
export const MAX_APPOINTMENT_CHANGES = 2;
/** Lock hours run 06:00 to 22:00 (spec 002 §5, §9). */
export const LOCK_FIRST_TIME = '06:00';
export const LOCK_LAST_TIME = '22:00';

export const APPOINTMENT_STATUSES = [
  'scheduled',
  'inProcess',
  'finished',
  'absence',
  'cancelled',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/**
 * The waitlist's statuses of an appointment row (CONTRACT §15): a hold offered to a waiting
 * customer (`held`, slot-holding), and a hold that expired, was declined or cancelled
 * (`released`). Every list, count and report but the day view leaves both out.
 */
export const HOLD_STATUSES = ['held', 'released'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];
export const STORED_APPOINTMENT_STATUSES = [...APPOINTMENT_STATUSES, ...HOLD_STATUSES] as const;
export type StoredAppointmentStatus = (typeof STORED_APPOINTMENT_STATUSES)[number];
/** What the day view answers: the appointments and the open holds. */
export const DAY_APPOINTMENT_STATUSES = [...APPOINTMENT_STATUSES, 'held'] as const;
export type DayAppointmentStatus = (typeof DAY_APPOINTMENT_STATUSES)[number];
/** The grid's label of a hold. */
export const HOLD_LABEL = 'Apartada';

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Agendada',
  inProcess: 'En Proceso',
  finished: 'Terminada',
  absence: 'Inasistencia',
  cancelled: 'Cancelada',
};

/** The day view's statuses as the grid names them: a hold is `Apartada`. */
export const DAY_STATUS_LABELS: Record<DayAppointmentStatus, string> = {
  scheduled: 'Agendada',
  inProcess: 'En Proceso',
  finished: 'Terminada',
  absence: 'Inasistencia',
  cancelled: 'Cancelada',
  held: HOLD_LABEL,
};

/** antd tag colours of the statuses. */
export const APPOINTMENT_STATUS_COLORS: Record<AppointmentStatus, string> = {
  scheduled: 'blue',
  inProcess: 'gold',
  finished: 'green',
  absence: 'orange',
  cancelled: 'red',
};

/**
 * The statuses that hold their cabin and their staff member's time. A cancelled appointment and a
 * missed one (absence) free the slot for another booking; a finished one did take place. The
 * database's EXCLUDE constraints use the same list (apps/api agenda migration).
 */
export const SLOT_HOLDING_STATUSES = ['scheduled', 'inProcess', 'finished', 'held'] as const;
export const holdsSlot = (status: StoredAppointmentStatus) =>
  (SLOT_HOLDING_STATUSES as readonly string[]).includes(status);

export const APPOINTMENT_TYPES = ['Médico', 'Cosmetóloga', 'Valoración'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

export const APPOINTMENT_METHODS = [
  'Cita presencial',
  'Llamada telefónica',
  'Redes sociales',
] as const;
export type AppointmentMethod = (typeof APPOINTMENT_METHODS)[number];
/** The method of a booking made online (CONTRACT §15): stored and shown, never chosen by staff. */
export const ONLINE_APPOINTMENT_METHOD = 'En línea';
/** Every method an appointment may carry: staff's three and the online one. */
export const STORED_APPOINTMENT_METHODS = [
  ...APPOINTMENT_METHODS,
  ONLINE_APPOINTMENT_METHOD,
] as const;

export const APPOINTMENT_OPTIONS = [
  'promotions',
  'packages',
  'purchasedProducts',
  'newTreatments',
] as const;
export type AppointmentOption = (typeof APPOINTMENT_OPTIONS)[number];

export const APPOINTMENT_OPTION_LABELS: Record<AppointmentOption, string> = {
  promotions: 'Promociones',
  packages: 'Paquetes',
  purchasedProducts: 'Productos adquiridos',
  newTreatments: 'Tratamientos nuevos',
};

export const CONFIRM_METHODS = ['si', 'no', 'whatsapp', 'buzón'] as const;
export type ConfirmMethod = (typeof CONFIRM_METHODS)[number];
export const CONFIRM_METHOD_LABELS: Record<ConfirmMethod, string> = {
  si: 'Sí',
  no: 'No',
  whatsapp: 'WhatsApp',
  buzón: 'Buzón',
};

export const CANCELLATION_TYPES = ['Cancellation', 'Reschedule'] as const;
export type CancellationType = (typeof CANCELLATION_TYPES)[number];
export const CANCELLATION_TYPE_LABELS: Record<CancellationType, string> = {
  Cancellation: 'Cancelación',
  Reschedule: 'Reagendar',
};

export const CANCELLATION_REASONS = ['Traffic', 'Desease', 'Work', 'Unspecified', 'Other'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  Traffic: 'Tráfico',
  Desease: 'Enfermedad',
  Work: 'Trabajo',
  Unspecified: 'Sin especificar',
  Other: 'Otro',
};

export const LOCK_TYPES = ['hour', 'cabain', 'day', 'hours_range', 'days_range'] as const;
export type LockType = (typeof LOCK_TYPES)[number];
export const LOCK_TYPE_LABELS: Record<LockType, string> = {
  hour: 'Por hora',
  cabain: 'Cabina',
  day: 'Por día',
  hours_range: 'Rango de horas',
  days_range: 'Rango de días',
};

export const LOCK_REASONS = [
  'comida gerencia',
  'comida',
  'licencia',
  'incapacidad',
  'maestría',
  'capacitación',
  'otro',
] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

/** The lock's days list counts 0 (Domingo) to 6 (Sábado) (spec 002 §3, CONTRACT §8). */
export const LOCK_DAY_LABELS = [
  'Domingo',
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
] as const;

/** The actions the appointment log records (spec 002 §4). */
export const APPOINTMENT_LOG_ACTIONS = [
  'create',
  'update',
  'cancel',
  'set-on-process',
  'confirm',
  'finish',
  'absence',
] as const;
export type AppointmentLogAction = (typeof APPOINTMENT_LOG_ACTIONS)[number];
export const APPOINTMENT_LOG_ACTION_LABELS: Record<AppointmentLogAction, string> = {
  create: 'Cita creada',
  update: 'Cita modificada',
  cancel: 'Cita cancelada',
  'set-on-process': 'Cita en proceso',
  confirm: 'Confirmación',
  finish: 'Cita terminada',
  absence: 'Inasistencia',
};

/**
 * What PATCH /appointment/{id}/finish may set (CONTRACT §13): `finished` (an in-process
 * appointment of a purchased product, its sessions given) or `absence` (a scheduled one the
 * customer missed, counted on the customer).
 */
export const APPOINTMENT_FINISH_STATUSES = ['finished', 'absence'] as const;
export type AppointmentFinishStatus = (typeof APPOINTMENT_FINISH_STATUSES)[number];

// ---------------------------------------------------------------------------------------------
// Time of day

/** Minutes since midnight of an 'HH:mm' (or 'HH:mm:ss') time. */
export function minutesOfDay(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** 'HH:mm' of minutes since midnight. */
export function timeOfMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export const isOnSlot = (time: string) => minutesOfDay(time) % SLOT_MINUTES === 0;

/** The 'HH:mm' slots from `opening` up to (not including) `closing`, 30 minutes apart. */
export function slotsBetween(opening: string, closing: string): string[] {
  const slots: string[] = [];
  const first = Math.ceil(minutesOfDay(opening) / SLOT_MINUTES) * SLOT_MINUTES;
  for (let minute = first; minute < minutesOfDay(closing); minute += SLOT_MINUTES)
    slots.push(timeOfMinutes(minute));
  return slots;
}

/** The lock hour choices: 06:00 to 22:00 in 30-minute steps (spec 002 §5). */
export const LOCK_TIMES: readonly string[] = [
  ...slotsBetween(LOCK_FIRST_TIME, LOCK_LAST_TIME),
  LOCK_LAST_TIME,
];

/**
 * An appointment's length in minutes: the package's or promotion's cabin time when it is booked
 * from one, else the sum of its treatments' durations (CONTRACT §13).
 */
export function appointmentMinutes(input: {
  treatmentMinutes: readonly number[];
  cabinMinutes?: number | null;
}): number {
  if (input.cabinMinutes) return input.cabinMinutes;
  return input.treatmentMinutes.reduce((sum, minutes) => sum + minutes, 0);
}

/**
 * The end ('HH:mm') of an appointment starting at `startTime` and lasting `minutes`, or null when it
 * would run past midnight (an appointment lies within one branch day).
 */
export function appointmentEnd(startTime: string, minutes: number): string | null {
  const end = minutesOfDay(startTime) + minutes;
  return end >= 24 * 60 ? null : timeOfMinutes(end);
}

// ---------------------------------------------------------------------------------------------
// Calendar days

/** The weekday of a date with 0 = Domingo … 6 = Sábado (the lock's count). */
export function lockDayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The weekday of a date with 0 = Monday … 6 = Sunday (the branch and cabin schedules' count). */
export function scheduleDayOf(date: string): number {
  return (lockDayOf(date) + 6) % 7;
}

/** The date `days` after `date` (negative for before). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Booking rules

/** Whether a slot is past for booking: its start is before the branch's now (409 code 4). */
export function isPastStart(
  slot: { date: string; startTime: string },
  now: { date: string; time: string },
): boolean {
  if (slot.date !== now.date) return slot.date < now.date;
  return minutesOfDay(slot.startTime) < minutesOfDay(now.time);
}

/**
 * Whether the grid locks a slot: it started more than 30 minutes before the branch's now (spec
 * 002 §4: "past slots more than 30 minutes ago are locked on the grid").
 */
export function isLockedPastSlot(
  slot: { date: string; startTime: string },
  now: { date: string; time: string },
): boolean {
  if (slot.date !== now.date) return slot.date < now.date;
  return minutesOfDay(slot.startTime) + PAST_SLOT_GRACE_MINUTES < minutesOfDay(now.time);
}

/** An opening and closing time of a day; 00:00–00:00 is a day off. */
export interface DayHours {
  opening: string;
  closing: string;
}

const isClosed = (hours: DayHours | null | undefined): hours is null | undefined =>
  !hours || (minutesOfDay(hours.opening) === 0 && minutesOfDay(hours.closing) === 0);

/**
 * Whether [start, end) lies within the branch's hours and the cabin's hours of that day (409 code
 * 17). `cabinHours` is `'branch'` for a cabin without a schedule of its own (it follows the
 * branch's), null for its day off.
 */
export function withinHours(
  start: string,
  end: string,
  branchHours: DayHours | null | undefined,
  cabinHours: DayHours | null | 'branch',
): boolean {
  const from = minutesOfDay(start);
  const to = minutesOfDay(end);
  const inside = (hours: DayHours | null | undefined) =>
    !isClosed(hours) &&
    from >= minutesOfDay(hours.opening) &&
    to <= minutesOfDay(hours.closing) &&
    from < to;
  return inside(branchHours) && (cabinHours === 'branch' || inside(cabinHours));
}

/** The roles whose cancellation limit is 4 rather than 3 (CONTRACT §13). */
export function cancellationLimitFor(roleKey: RoleKey | string): number {
  return roleKey === 'superAdmin' || roleKey === 'operationalManager'
    ? PRIVILEGED_CANCELLATION_LIMIT
    : CANCELLATION_LIMIT;
}

/**
 * Whether a customer with `cancellations` may not be booked by a role (409 code 15): at the limit
 * or past it, unless the appointment gives a treatment already paid (option purchasedProducts).
 */
export function cancellationsBlockBooking(
  cancellations: number,
  roleKey: RoleKey | string,
  option: AppointmentOption,
): boolean {
  return option !== 'purchasedProducts' && cancellations >= cancellationLimitFor(roleKey);
}

/**
 * The order of a customer's treatments in one day (CONTRACT §13): cosmetic first, medical after.
 * A cosmetic appointment starting after one of their medical ones that day is 409 code 7; a
 * medical one starting before one of their cosmetic ones is 409 code 35. Assessments (Valoración)
 * are free of the rule.
 */
export function treatmentOrderRefusal(
  booking: { appointmentType: AppointmentType; startTime: string },
  sameDay: readonly { appointmentType: AppointmentType | string; startTime: string }[],
): 7 | 35 | null {
  const start = minutesOfDay(booking.startTime);
  if (booking.appointmentType === 'Cosmetóloga') {
    const afterMedical = sameDay.some(
      (other) => other.appointmentType === 'Médico' && minutesOfDay(other.startTime) < start,
    );
    return afterMedical ? 7 : null;
  }
  if (booking.appointmentType === 'Médico') {
    const beforeCosmetic = sameDay.some(
      (other) => other.appointmentType === 'Cosmetóloga' && minutesOfDay(other.startTime) > start,
    );
    return beforeCosmetic ? 35 : null;
  }
  return null;
}

/**
 * Moving an appointment counts as a change; once its treatment has been changed or cancelled
 * twice it cannot be moved (409 code 16), and the third cancellation ends the treatment (spec 002
 * §4). `changesSoFar` counts the moves and cancellations already made.
 */
export const moveRefused = (changesSoFar: number) => changesSoFar >= MAX_APPOINTMENT_CHANGES;
export const cancellationEndsTreatment = (changesSoFar: number) =>
  changesSoFar >= MAX_APPOINTMENT_CHANGES;

// ---------------------------------------------------------------------------------------------
// Statuses

/**
 * The statuses the "change status" control offers in a state (spec 002 §4): from scheduled
 * anything but finished; from inProcess only finished when the appointment gives a purchased
 * product, otherwise only inProcess; nothing from finished, absence or cancelled.
 */
export function statusChoices(
  status: AppointmentStatus,
  hasPurchasedProduct: boolean,
): AppointmentStatus[] {
  if (status === 'scheduled') return ['scheduled', 'inProcess', 'absence', 'cancelled'];
  if (status === 'inProcess') return hasPurchasedProduct ? ['finished'] : ['inProcess'];
  return [];
}

/** Only scheduled or inProcess appointments can be cancelled or change status (spec 002 §4). */
export const canChangeStatus = (status: AppointmentStatus) =>
  status === 'scheduled' || status === 'inProcess';
export const canCancel = canChangeStatus;

/**
 * The appointment form is editable only while scheduled and its end is not past (spec 002 §4).
 */
export function isEditable(
  appointment: { status: AppointmentStatus; date: string; endTime: string },
  now: { date: string; time: string },
): boolean {
  if (appointment.status !== 'scheduled') return false;
  if (appointment.date !== now.date) return appointment.date > now.date;
  return minutesOfDay(appointment.endTime) > minutesOfDay(now.time);
}

/** A status change happens only on the appointment's own day (spec 002 §4). */
export const isOwnDay = (appointment: { date: string }, today: string) =>
  appointment.date === today;

// ---------------------------------------------------------------------------------------------
// Locks

/** A lock as the agenda reads it (spec 002 §3; CONTRACT §13). */
export interface LockRule {
  type: LockType;
  /** 'HH:mm' values: one or more slots (hour), the range's start and end (hours_range). */
  time: readonly string[];
  /** The day it applies (one-off), or from which it repeats (recurrent); null: always. */
  date: string | null;
  /** Weekdays, 0 = Domingo … 6 = Sábado. */
  days: readonly number[];
  recurrent: boolean;
}

/** A half-open window [start, end) in minutes of the day. */
export interface Window {
  start: number;
  end: number;
}

const WHOLE_DAY: Window = { start: 0, end: 24 * 60 };

/**
 * The windows of a day a lock blocks, whatever the date:
 * - `hour`: each of its times, one 30-minute slot each;
 * - `hours_range`: from its first time to its last (one slot when it names one time);
 * - `day`, `days_range`, `cabain`: the whole day (the cabin is out of service).
 */
export function lockWindows(lock: Pick<LockRule, 'type' | 'time'>): Window[] {
  if (lock.type === 'hour') {
    return [...new Set(lock.time)]
      .map((time) => minutesOfDay(time))
      .sort((a, b) => a - b)
      .map((start) => ({ start, end: start + SLOT_MINUTES }));
  }
  if (lock.type === 'hours_range') {
    const minutes = lock.time.map((time) => minutesOfDay(time));
    if (minutes.length === 0) return [];
    const start = Math.min(...minutes);
    const end = Math.max(...minutes);
    return [{ start, end: end > start ? end : start + SLOT_MINUTES }];
  }
  return [WHOLE_DAY];
}

/**
 * Whether a lock applies on a date:
 * - recurrent: every date of its weekdays, from its `date` on when it has one;
 * - `days_range` (one-off): the dates of its weekdays in the seven days starting at its `date`;
 * - any other one-off lock: its `date` only.
 */
export function lockAppliesOn(
  lock: Pick<LockRule, 'type' | 'date' | 'days' | 'recurrent'>,
  date: string,
): boolean {
  if (lock.recurrent) {
    if (lock.date !== null && date < lock.date) return false;
    return lock.days.includes(lockDayOf(date));
  }
  if (lock.date === null) return false;
  if (lock.type === 'days_range') {
    return date >= lock.date && date < addDays(lock.date, 7) && lock.days.includes(lockDayOf(date));
  }
  return date === lock.date;
}

/** The windows a lock blocks on a date (none when it does not apply). */
export function lockWindowsOn(lock: LockRule, date: string): Window[] {
  return lockAppliesOn(lock, date) ? lockWindows(lock) : [];
}

const overlaps = (a: Window, b: Window) => a.start < b.end && b.start < a.end;

/** Whether a lock blocks any of [startTime, endTime) on a date (409 code 6). */
export function lockCovers(
  lock: LockRule,
  date: string,
  startTime: string,
  endTime: string,
): boolean {
  const booking = { start: minutesOfDay(startTime), end: minutesOfDay(endTime) };
  return lockWindowsOn(lock, date).some((window) => overlaps(window, booking));
}

/** The dates a one-off lock applies on (at most seven). */
function oneOffDates(lock: LockRule): string[] {
  if (lock.date === null) return [];
  if (lock.type !== 'days_range') return [lock.date];
  return Array.from({ length: 7 }, (_, offset) => addDays(lock.date as string, offset)).filter(
    (date) => lockAppliesOn(lock, date),
  );
}

/**
 * Whether two locks (of one cabin) block a common moment (409 code 32). Two recurrent locks meet
 * when they share a weekday and a window (each repeats for ever, so some week has both); a one-off
 * lock meets another on one of its own dates.
 */
export function locksOverlap(a: LockRule, b: LockRule): boolean {
  const windowsMeet = lockWindows(a).some((x) => lockWindows(b).some((y) => overlaps(x, y)));
  if (!windowsMeet) return false;
  if (a.recurrent && b.recurrent) return a.days.some((day) => b.days.includes(day));
  const [oneOff, other] = a.recurrent ? [b, a] : [a, b];
  return oneOffDates(oneOff).some((date) =>
    lockWindowsOn(oneOff, date).some((x) => lockWindowsOn(other, date).some((y) => overlaps(x, y))),
  );
}

// ---------------------------------------------------------------------------------------------
// Booking a purchased product (CONTRACT §13)

/** What a booking names that a purchased product decides. */
export interface PurchasedProductChoice {
  treatmentsIds: readonly number[];
  categoriesIds: readonly number[];
}
/** The purchased product's treatment: the one a booking of it gives, and its categories. */
export interface PurchasedTreatment {
  treatmentId: number;
  treatmentName: string;
  categoryIds: readonly number[];
}
export interface BookingIssue {
  field: string;
  message: string;
}

/**
 * The problems of a booking tied to a purchased product, each on its field, as the form shows
 * them and the API answers them (400 code 0): the treatment is the purchased product's, alone
 * (its finish advances that product's sessions), and every category is one of that treatment's.
 */
export function purchasedProductBookingIssues(
  booking: PurchasedProductChoice,
  purchased: PurchasedTreatment,
): BookingIssue[] {
  const issues: BookingIssue[] = [];
  if (booking.treatmentsIds.some((id) => id !== purchased.treatmentId))
    issues.push({
      field: 'treatmentsIds',
      message: `El tratamiento debe ser el del producto adquirido: ${purchased.treatmentName}`,
    });
  const allowed = new Set(purchased.categoryIds);
  if (booking.categoriesIds.some((id) => !allowed.has(id)))
    issues.push({
      field: 'categoriesIds',
      message: `Las categorías deben ser del tratamiento ${purchased.treatmentName}`,
    });
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Finishing an appointment (spec 002 §4, CONTRACT §12–§13)

/** A session given at the finish: the areas worked on. */
export interface FinishSession {
  areasIds: number[];
}
/** A lot's units used at the finish. */
export interface FinishLot {
  stockId: number;
  quantity: number;
}
/** What the finish is checked against: the treatment and what is left of the purchased product. */
export interface FinishRules {
  /** Sessions the purchased product still has (sessions − currentSession). */
  sessionsLeft: number;
  /** The treatment's areas (empty for a treatment without areas, as a Valoración). */
  areaIds: number[];
  /** Units per session of each product the treatment consumes, by product id. */
  perSession: Map<number, number>;
  /** The product of each lot chosen, by stock id. */
  lotProduct: Map<number, number>;
}
export interface FinishIssue {
  field: string;
  message: string;
}

/** Units of a product a finish may use: the treatment's quantity per session × the sessions. */
export const productLimit = (perSession: number, sessions: number) => perSession * sessions;

/**
 * The problems of a finish (spec 002 §4), each on its field, as the form shows them and the API
 * answers them (400 code 0): at least one session and no more than are left; each session with
 * areas when the treatment has areas, only the treatment's, none repeated within the session;
 * each lot once, of a product the treatment consumes, and at most `productLimit` units of each
 * product over all its lots.
 */
export function finishIssues(
  sessions: readonly FinishSession[],
  lots: readonly FinishLot[],
  rules: FinishRules,
): FinishIssue[] {
  const issues: FinishIssue[] = [];
  if (sessions.length === 0)
    issues.push({ field: 'sessions', message: 'El campo Sesiones es obligatorio' });
  else if (sessions.length > rules.sessionsLeft)
    issues.push({
      field: 'sessions',
      message: `Solo quedan ${rules.sessionsLeft} sesiones del tratamiento`,
    });
  const allowedAreas = new Set(rules.areaIds);
  sessions.forEach((session, index) => {
    const field = `sessions.${index}.areasIds`;
    if (allowedAreas.size > 0 && session.areasIds.length === 0)
      issues.push({ field, message: 'El campo Áreas es obligatorio' });
    else if (new Set(session.areasIds).size !== session.areasIds.length)
      issues.push({ field, message: 'Las áreas de una sesión no se repiten' });
    else if (session.areasIds.some((areaId) => !allowedAreas.has(areaId)))
      issues.push({ field, message: 'El área no es del tratamiento' });
  });
  const used = new Map<number, number>();
  const seen = new Set<number>();
  lots.forEach((lot, index) => {
    const field = `stockIds.${index}.stockId`;
    const productId = rules.lotProduct.get(lot.stockId);
    if (seen.has(lot.stockId)) issues.push({ field, message: 'El lote ya está en la lista' });
    else if (productId === undefined || !rules.perSession.has(productId))
      issues.push({ field, message: 'El producto no es del tratamiento' });
    else used.set(productId, (used.get(productId) ?? 0) + lot.quantity);
    seen.add(lot.stockId);
  });
  const sessionsGiven = Math.max(sessions.length, 1);
  lots.forEach((lot, index) => {
    const productId = rules.lotProduct.get(lot.stockId);
    if (productId === undefined) return;
    const limit = productLimit(rules.perSession.get(productId) ?? 0, sessionsGiven);
    if ((used.get(productId) ?? 0) > limit)
      issues.push({
        field: `stockIds.${index}.quantity`,
        message: `Se pueden usar hasta ${limit} unidades de este producto`,
      });
  });
  return issues;
}

/**
 * The medical commission of a finished appointment (CONTRACT §12): the treatment's medical fee
 * per session given, ISR at the medic's percent (employee file), and the net to pay.
 */
export function medicalCommission(
  feePerSession: number,
  sessions: number,
  isrPercent: number,
): { fee: number; isr: number; net: number } {
  const fee = roundMoney(feePerSession * sessions);
  const isr = roundMoney((fee * isrPercent) / 100);
  return { fee, isr, net: roundMoney(fee - isr) };
}
