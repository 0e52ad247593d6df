import { z } from 'zod';
import {
  APPOINTMENT_FINISH_STATUSES,
  APPOINTMENT_LOG_ACTIONS,
  APPOINTMENT_METHODS,
  STORED_APPOINTMENT_METHODS,
  APPOINTMENT_OPTIONS,
  APPOINTMENT_STATUSES,
  APPOINTMENT_TYPES,
  CANCELLATION_REASONS,
  DAY_APPOINTMENT_STATUSES,
  CANCELLATION_TYPES,
  CONFIRM_METHODS,
  LOCK_FIRST_TIME,
  LOCK_LAST_TIME,
  LOCK_REASONS,
  LOCK_TYPES,
  isOnSlot,
  minutesOfDay,
} from '../agenda';
import { date, filterText, id, labelled, optionalText, requiredOr, text, time } from '../fields';
import { msg } from '../messages';
import { SALE_PAYMENT_METHODS } from '../packages';
import { ids, whole } from './catalogue-fields';
import { stockChoice } from './inventory';
import { listOf, listQuery, ref } from './common';

/** The agenda: appointments, their log and locks (spec 002 §3–§5, §7; CONTRACT §13). */

const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  labelled(z.enum(values, { error: requiredOr(label, msg.option(label)) }), label);

const optionalId = (label: string) =>
  z.preprocess((value) => (value === '' || value === 0 ? null : value), id(label).nullable());

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    choice(values, label).nullable(),
  );

const person = z.object({ id: z.number().int(), name: z.string() });

/** A start time on the grid: 'HH:mm' in 30-minute steps (spec 002 §5). */
const slotTime = (label: string) =>
  time(label).refine(isOnSlot, `El campo ${label} va en pasos de 30 minutos`);

// ---------------------------------------------------------------------------------------------
// Appointments

const appointmentFields = {
  appointmentType: choice(APPOINTMENT_TYPES, 'Tipo de cita'),
  date: date('Fecha'),
  startTime: slotTime('Hora de inicio'),
  appointmentMethod: choice(APPOINTMENT_METHODS, 'Método de cita'),
  appointmentOption: choice(APPOINTMENT_OPTIONS, 'Opciones'),
  branchId: id('Sucursal'),
  cabainId: id('Cabina'),
  customerId: id('Paciente'),
  treatmentsIds: ids('Tratamiento'),
  categoriesIds: ids('Categoría'),
  packageId: optionalId('Paquete').optional(),
  promoId: optionalId('Promoción').optional(),
  purchasedProductId: optionalId('Producto adquirido').optional(),
  attendedById: optionalId('Atiende').optional(),
  observations: optionalText('Observaciones', { max: 500 }).optional(),
  paymentMethods: z
    .array(choice(SALE_PAYMENT_METHODS, 'Métodos de pago'), {
      error: msg.invalid('Métodos de pago'),
    })
    .max(SALE_PAYMENT_METHODS.length)
    .transform((values) => [...new Set(values)])
    .nullable()
    .optional(),
  paymentReference: optionalText('Referencia de pago', { max: 100 }).optional(),
  confirmMethod: optionalChoice(CONFIRM_METHODS, 'Confirmación').optional(),
  /** Sent by the screens of the specification; the server computes both and ignores these. */
  term: labelled(filterText('Duración'), 'Duración').nullable().optional(),
  appointmentNumber: labelled(z.union([z.number(), filterText('Número de cita')]), 'Número de cita')
    .nullable()
    .optional(),
};

type OptionFields = {
  appointmentOption?: (typeof APPOINTMENT_OPTIONS)[number];
  packageId?: number | null;
  promoId?: number | null;
  purchasedProductId?: number | null;
};

/** What each option needs (spec 002 §5): its package, promotion or purchased product. */
function optionNeeds(body: OptionFields, ctx: z.RefinementCtx) {
  const need = (field: keyof OptionFields, label: string) => {
    if (!body[field]) ctx.addIssue({ code: 'custom', path: [field], message: msg.required(label) });
  };
  if (body.appointmentOption === 'packages') need('packageId', 'Paquete');
  if (body.appointmentOption === 'promotions') need('promoId', 'Promoción');
  if (body.appointmentOption === 'purchasedProducts')
    need('purchasedProductId', 'Producto adquirido');
}

/**
 * POST /appointment/create (CONTRACT §13). `endTime` is the start plus the treatments' durations,
 * or the package's or promotion's cabin time; the number comes from a sequence.
 */
export const appointmentBody = z.strictObject(appointmentFields).superRefine(optionNeeds);
export type AppointmentBody = z.infer<typeof appointmentBody>;

/**
 * PUT /appointment/{id}/update: the create's fields, those left out keep their value. A new date,
 * start, cabin or branch moves the appointment, which counts as a change (409 code 16 after two).
 */
export const appointmentUpdateBody = z
  .strictObject({
    ...appointmentFields,
    // The stored 'En línea' may come back unchanged; the service refuses setting it (400).
    appointmentMethod: choice(STORED_APPOINTMENT_METHODS, 'Método de cita'),
  })
  .partial()
  .superRefine(optionNeeds);
export type AppointmentUpdateBody = z.infer<typeof appointmentUpdateBody>;

/** POST /appointment/{id}/cancel: the comment is required when the reason is Other. */
export const appointmentCancelBody = z
  .strictObject({
    cancellationReason: choice(CANCELLATION_REASONS, 'Motivo de cancelación'),
    comment: optionalText('Comentario', { max: 500 }).optional(),
    customerCancellation: labelled(
      z.boolean({ error: msg.boolean('Cancelación del cliente') }),
      'Cancelación del cliente',
    ).default(false),
    type: choice(CANCELLATION_TYPES, 'Tipo').default('Cancellation'),
  })
  .superRefine((body, ctx) => {
    if (body.cancellationReason === 'Other' && !body.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: msg.required('Comentario') });
  });
export type AppointmentCancelBody = z.infer<typeof appointmentCancelBody>;

/** PATCH /appointment/{id}/confirm. */
export const appointmentConfirmBody = z.strictObject({
  confirmMethod: choice(CONFIRM_METHODS, 'Confirmación'),
});

/**
 * PATCH /appointment/{id}/finish (CONTRACT §13). `finished`: the sessions given (the areas of
 * each), the lots used and, when the treatment needs it, the consent; `absence`: nothing else.
 * What depends on the treatment (areas, products, sessions left) is `finishIssues` of
 * packages/domain/src/agenda.ts, checked by the server against the database. The fields are shared
 * with the purchased product's finish (schemas/sales.ts).
 */
export const appointmentFinishFields = {
  attendedById: optionalId('Atiende').optional(),
  sessions: labelled(
    z
      .array(
        z.strictObject({
          areasIds: labelled(
            z.array(id('Área'), { error: msg.invalid('Áreas') }).max(100),
            'Áreas',
          ).default([]),
        }),
        { error: msg.invalid('Sesiones') },
      )
      .max(100),
    'Sesiones',
  ).default([]),
  stockIds: labelled(
    z
      .array(z.strictObject({ stockId: id('Lote'), quantity: whole('Cantidad', 1, 10_000) }), {
        error: msg.invalid('Productos'),
      })
      .max(100),
    'Productos',
  ).default([]),
  consent: labelled(z.boolean({ error: msg.boolean('Consentimiento') }), 'Consentimiento')
    .nullable()
    .optional(),
};

export const appointmentFinishBody = z
  .strictObject({
    status: choice(APPOINTMENT_FINISH_STATUSES, 'Estatus'),
    ...appointmentFinishFields,
  })
  .superRefine((body, ctx) => {
    if (body.status !== 'finished') return;
    if (!body.attendedById)
      ctx.addIssue({ code: 'custom', path: ['attendedById'], message: msg.required('Atiende') });
    if (body.sessions.length === 0)
      ctx.addIssue({ code: 'custom', path: ['sessions'], message: msg.required('Sesiones') });
  });
export type AppointmentFinishBody = z.infer<typeof appointmentFinishBody>;

/**
 * GET /appointment/{id}/finish-form: what the finish dialog offers for an appointment — its
 * purchased product's treatment (consent, areas, products per session), the sessions left, the
 * branch's lots of those products and the staff who may attend it.
 */
export const appointmentFinishForm = z.object({
  appointmentId: z.number().int(),
  purchasedProduct: z
    .object({
      id: z.number().int(),
      sessions: z.number().int(),
      currentSession: z.number().int(),
      sessionsLeft: z.number().int(),
      consentSignedAt: z.string().nullable(),
    })
    .nullable(),
  treatment: z
    .object({
      id: z.number().int(),
      name: z.string(),
      treatmentType: ref,
      consent: z.boolean(),
      consentDocument: ref.nullable(),
      areas: z.array(z.object({ id: z.number().int(), name: z.string(), place: z.string() })),
      products: z.array(
        z.object({
          productId: z.number().int(),
          sku: z.string(),
          name: z.string(),
          perSession: z.number().int(),
        }),
      ),
    })
    .nullable(),
  lots: z.array(stockChoice),
  attendants: z.array(person),
});
export type AppointmentFinishForm = z.infer<typeof appointmentFinishForm>;

/** What a finished appointment gave: its sessions with their areas, the lots used, the consent. */
export const appointmentFinishRecord = z.object({
  sessions: z.array(
    z.object({
      number: z.number().int(),
      areas: z.array(z.object({ id: z.number().int(), name: z.string(), place: z.string() })),
    }),
  ),
  products: z.array(
    z.object({
      stockId: z.number().int(),
      product: ref,
      allotment: z.string(),
      expiresIn: z.string().nullable(),
      quantity: z.number().int(),
    }),
  ),
  consent: z.object({ id: z.number().int(), name: z.string(), signedAt: z.string() }).nullable(),
  commission: z
    .object({ user: person, fee: z.number(), isr: z.number(), net: z.number() })
    .nullable(),
});
export type AppointmentFinishRecord = z.infer<typeof appointmentFinishRecord>;

const dateRange = {
  dateFrom: date('Fecha inicial').optional(),
  dateTo: date('Fecha final').optional(),
};

/**
 * GET /appointment. With `date` (and `branchId`, or the session's branch) it answers the whole
 * day of that branch for the grid, every appointment of it in `items` and the cabins, hours and
 * locks in `day`. Without `date` it is the paged table of /dashboard/citas. Its `status` is the
 * appointment's (`appointmentStatusFilter`, laid over the common active filter by the route).
 */
export const appointmentQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  date: date('Fecha').optional(),
  ...dateRange,
  appointmentType: z.enum(APPOINTMENT_TYPES, { error: msg.option('Tipo de cita') }).optional(),
  appointmentMethod: z
    .enum(STORED_APPOINTMENT_METHODS, { error: msg.option('Método de cita') })
    .optional(),
  cabainId: id('Cabina').optional(),
  attendedById: id('Atiende').optional(),
  customerId: id('Paciente').optional(),
});

/** The appointment's status as a list filter (appointments have no active flag). */
export const appointmentStatusFilter = {
  status: z.enum(APPOINTMENT_STATUSES, { error: msg.option('Estatus') }).optional(),
};

/** GET /appointment/get-by-customer?customerId: a customer's appointments, latest first. */
export const appointmentByCustomerQuery = listQuery.extend({ customerId: id('Paciente') });

/** GET /appointment/attendants: who may attend an appointment of a type at a branch. */
export const appointmentAttendantsQuery = z.strictObject({
  branchId: id('Sucursal').optional(),
  appointmentType: z.enum(APPOINTMENT_TYPES, { error: msg.option('Tipo de cita') }),
});

/** The staff who may attend: active, of the type's roles, with their employee file at the branch. */
export const appointmentAttendants = z.array(person);

export const appointmentCustomer = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  cancellations: z.number().int(),
  missedAppointments: z.number().int(),
  blackList: z.number().int(),
});

export const appointmentCancellation = z.object({
  id: z.number().int(),
  type: z.enum(CANCELLATION_TYPES),
  cancellationReason: z.enum(CANCELLATION_REASONS),
  comment: z.string().nullable(),
  customerCancellation: z.boolean(),
  user: person.nullable(),
  created_at: z.string(),
});

/** One appointment, as the grid, the table and the detail read it. */
export const appointmentRecord = z.object({
  id: z.number().int(),
  appointmentNumber: z.number().int(),
  date: z.string().describe('YYYY-MM-DD, día local de la sucursal'),
  startTime: z.string().describe('HH:mm local de la sucursal'),
  endTime: z.string().describe('HH:mm local de la sucursal'),
  term: z.string().describe('Duración HH:mm'),
  appointmentType: z.enum(APPOINTMENT_TYPES),
  appointmentMethod: z.enum(STORED_APPOINTMENT_METHODS),
  appointmentOption: z.enum(APPOINTMENT_OPTIONS),
  status: z.enum(APPOINTMENT_STATUSES),
  confirmMethod: z.enum(CONFIRM_METHODS).nullable(),
  confirmedBy: z.enum(['staff', 'customer']).nullable(),
  confirmedAt: z.string().nullable(),
  observations: z.string().nullable(),
  paymentMethods: z.array(z.string()),
  paymentReference: z.string().nullable(),
  /** Moves and cancellations counted toward the reschedule limit. */
  changes: z.number().int(),
  branch: ref,
  cabain: z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
  }),
  customer: appointmentCustomer,
  treatments: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      treatmentType: ref,
      term: z.string(),
    }),
  ),
  categories: z.array(ref),
  package: ref.nullable(),
  promotion: ref.nullable(),
  purchasedProduct: z
    .object({
      id: z.number().int(),
      sessions: z.number().int(),
      currentSession: z.number().int(),
      status: z.string(),
      treatment: ref,
    })
    .nullable(),
  attendedBy: person.nullable(),
  user: person.nullable(),
  cancellations: z.array(appointmentCancellation),
  /** Only in GET /appointment/{id} and the finish's answer: what the finish recorded (null before). */
  finish: appointmentFinishRecord.nullable().optional(),
  /** The session series it was booked in (CONTRACT §15), null for a single booking. */
  seriesId: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AppointmentRecord = z.infer<typeof appointmentRecord>;

// ---------------------------------------------------------------------------------------------
// Locks

/** A lock time: 'HH:mm' between 06:00 and 22:00 in 30-minute steps (spec 002 §5). */
const lockTime = time('Hora')
  .refine(isOnSlot, 'El campo Hora va en pasos de 30 minutos')
  .refine(
    (value) =>
      minutesOfDay(value) >= minutesOfDay(LOCK_FIRST_TIME) &&
      minutesOfDay(value) <= minutesOfDay(LOCK_LAST_TIME),
    `El campo Hora va de ${LOCK_FIRST_TIME} a ${LOCK_LAST_TIME}`,
  );

const lockDay = z
  .number({ error: msg.option('Días') })
  .int(msg.option('Días'))
  .min(0, msg.option('Días'))
  .max(6, msg.option('Días'));

const lockFields = {
  reason: choice(LOCK_REASONS, 'Motivo'),
  reasonDescription: text('Descripción', { max: 500 }),
  type: choice(LOCK_TYPES, 'Tipo'),
  time: labelled(
    z
      .array(lockTime, { error: requiredOr('Hora', msg.invalid('Hora')) })
      .max(33)
      .transform((values) => [...new Set(values)].sort()),
    'Hora',
  ),
  date: z.preprocess((value) => (value === '' ? null : value), date('Fecha').nullable()).optional(),
  days: labelled(
    z
      .array(lockDay, { error: requiredOr('Días', msg.invalid('Días')) })
      .max(7)
      .transform((values) => [...new Set(values)].sort()),
    'Días',
  ),
  cabainId: id('Cabina'),
  recurrent: labelled(z.boolean({ error: msg.boolean('Recurrente') }), 'Recurrente'),
  branchId: id('Sucursal'),
};

type LockShape = {
  type?: (typeof LOCK_TYPES)[number];
  time?: string[];
  date?: string | null;
  days?: number[];
  recurrent?: boolean;
};

/**
 * What each lock needs: a time for `hour`, a start and an end after it for `hours_range`; a date
 * unless it is recurrent; weekdays when recurrent or a `days_range`.
 */
function lockNeeds(body: LockShape, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const times = body.time ?? [];
  if (body.type === 'hour' && times.length === 0) issue('time', msg.required('Hora'));
  if (body.type === 'hours_range') {
    if (times.length !== 2) issue('time', 'El rango de horas lleva una hora inicial y una final');
  }
  if (body.recurrent === false && !body.date) issue('date', msg.required('Fecha'));
  if ((body.recurrent === true || body.type === 'days_range') && (body.days ?? []).length === 0)
    issue('days', msg.required('Días'));
}

/**
 * POST /lock/create (CONTRACT §13). Which time a lock covers is `lockWindowsOn` of
 * `packages/domain/src/agenda.ts`; one overlapping a lock of the same cabin is 409 code 32.
 */
export const lockBody = z
  .strictObject({ ...lockFields, recurrent: lockFields.recurrent.default(false) })
  .superRefine(lockNeeds);
export type LockBody = z.infer<typeof lockBody>;

/**
 * PUT /lock/{id}/update: the create's fields; left out keep their value (no defaults here, which
 * would overwrite them). The lock as it will stand is checked as a new one is.
 */
export const lockUpdateBody = z.strictObject(lockFields).partial();
export type LockUpdateBody = z.infer<typeof lockUpdateBody>;

/** GET /lock?branchId: the locks of a branch; `mine=true` only the caller's ('mis bloqueos'). */
export const lockQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  cabainId: id('Cabina').optional(),
  type: z.enum(LOCK_TYPES, { error: msg.option('Tipo') }).optional(),
  mine: z.enum(['true', 'false'], { error: 'mine debe ser true o false' }).optional(),
  /** Only locks that apply on this date. */
  date: date('Fecha').optional(),
});
export type LockQuery = z.infer<typeof lockQuery>;

export const lockRecord = z.object({
  id: z.number().int(),
  type: z.enum(LOCK_TYPES),
  reason: z.enum(LOCK_REASONS),
  reasonDescription: z.string(),
  cabainId: z.number().int(),
  cabain: ref,
  time: z.array(z.string()),
  date: z.string().nullable(),
  days: z.array(z.number().int()),
  recurrent: z.boolean(),
  branchId: z.number().int(),
  branch: ref,
  user: person.nullable(),
  created_at: z.string(),
});
export type LockRecord = z.infer<typeof lockRecord>;

// ---------------------------------------------------------------------------------------------
// The day of a branch (the grid)

const hours = z.object({ opening: z.string(), closing: z.string() });

/**
 * What the grid draws besides the appointments: the branch's hours of that date (null: closed),
 * each active cabin with its type's colour and its own hours that day ('branch' hours when it has
 * no schedule of its own, null when it is off), the locks that apply that day with the windows
 * they block, and the branch's today and now (to lock past slots).
 */
export const agendaDay = z.object({
  branch: z.object({ id: z.number().int(), name: z.string(), zone: z.string() }),
  date: z.string(),
  today: z.string().describe('Hoy en la zona de la sucursal, YYYY-MM-DD'),
  now: z.string().describe('Hora actual en la zona de la sucursal, HH:mm'),
  hours: hours.nullable(),
  cabins: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      type: z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
      hours: hours.nullable(),
    }),
  ),
  locks: z.array(
    lockRecord.extend({
      windows: z.array(z.object({ startTime: z.string(), endTime: z.string() })),
    }),
  ),
});
export type AgendaDay = z.infer<typeof agendaDay>;

/**
 * An appointment as the grid draws it (GET /appointment with `date`): where and when, its status,
 * the patient's name and missed appointments (the page's warning) and what is done (the block's
 * text and tooltip). The actions dialog reads the whole record by id (GET /appointment/{id}) when
 * it opens, so a busy day does not carry every appointment's detail.
 */
export const agendaDayAppointment = z.object({
  id: z.number().int(),
  date: z.string().describe('YYYY-MM-DD, día local de la sucursal'),
  startTime: z.string().describe('HH:mm local de la sucursal'),
  endTime: z.string().describe('HH:mm local de la sucursal'),
  status: z.enum(DAY_APPOINTMENT_STATUSES),
  appointmentMethod: z.enum(STORED_APPOINTMENT_METHODS),
  /** A waitlist hold (status held, CONTRACT §15): until when it holds; null otherwise. */
  holdExpiresAt: z.string().nullable(),
  /** A reminder of it could not be sent (CONTRACT §15); the grid marks it. */
  reminderFailed: z.boolean(),
  /** The session series it was booked in (CONTRACT §15), null for a single booking. */
  seriesId: z.string().nullable(),
  cabain: z.object({ id: z.number().int() }),
  customer: appointmentCustomer.pick({
    id: true,
    name: true,
    lastName: true,
    motherLastName: true,
    missedAppointments: true,
  }),
  treatments: z.array(ref),
  package: ref.nullable(),
  promotion: ref.nullable(),
});
export type AgendaDayAppointment = z.infer<typeof agendaDayAppointment>;

/** The answer of a day: its appointments as the grid draws them, and the cabins, hours and locks. */
export const agendaDayAnswer = listOf(agendaDayAppointment).extend({ day: agendaDay });
export type AgendaDayAnswer = z.infer<typeof agendaDayAnswer>;

// ---------------------------------------------------------------------------------------------
// The appointment log (bitácora)

export const appointmentLogQuery = listQuery.extend({
  branchId: id('Sucursal').optional(),
  appointmentId: id('Cita').optional(),
  customerId: id('Paciente').optional(),
  userId: id('Usuario').optional(),
  action: z.enum(APPOINTMENT_LOG_ACTIONS, { error: msg.option('Acción') }).optional(),
  ...dateRange,
});
export type AppointmentLogQuery = z.infer<typeof appointmentLogQuery>;

export const appointmentLogEntry = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  appointmentNumber: z.number().int(),
  action: z.enum(APPOINTMENT_LOG_ACTIONS),
  /** The appointment's date and start at the time of the entry. */
  date: z.string(),
  time: z.string(),
  customer: z.object({ id: z.number().int(), customerId: z.number().int(), name: z.string() }),
  treatment: z.string().describe('Los tratamientos de la cita, separados por coma'),
  status: z.enum(APPOINTMENT_STATUSES),
  comments: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  branch: ref,
  user: person.nullable(),
  created_at: z.string(),
});
export type AppointmentLogEntry = z.infer<typeof appointmentLogEntry>;
