/**
 * The error catalogue (spec 000 §8, 001 §8, 002 §8; CONTRACT §6): one table, shared by the API
 * (which throws these pairs) and the web app (which shows their text). Every answer carries
 * `statusCode` and `code`; the Spanish text is looked up here.
 */

import { z } from 'zod';

/*
 * Zod's own messages in Spanish, for every schema that does not carry a message of its own (a
 * body that is not an object, a list where a text was expected). It is set here, at the top of
 * the catalogue, because every client loads this module for its messages and `index.ts` exports
 * it first: the web build treats this package's modules as free of side effects (vite.config.ts)
 * and would drop a module that did nothing but configure zod. The setting is global and read when
 * a value is checked, so schemas declared before it answer in Spanish too.
 */
z.config(z.locales.es());

export const DEFAULT_ERROR_MESSAGE = 'Error en el Servidor';
export const DEFAULT_SUCCESS_MESSAGE = 'Operación exitosa';

/** 404 sub-codes (CONTRACT §6). Names say what was not found. */
export const NotFound = {
  stock: 1,
  treatment: 2,
  passwordMismatch: 3,
  user: 4,
  doctorRequired: 5,
  branch: 6,
  cabin: 7,
  cabinType: 8,
  treatmentType: 9,
  appliance: 10,
  category: 11,
  appointment: 12,
  product: 13,
  customer: 14,
  photo: 15,
  productType: 16,
  provider: 17,
  packageOrPromotion: 18,
  order: 19,
  transfer: 20,
  resetCode: 21,
  lock: 22,
  note: 23,
  address: 24,
  phone: 25,
  cashClosing: 26,
  maxMin: 27,
  areas: 28,
  paymentRecord: 29,
  coupon: 30,
  goal: 31,
  purchaseOrder: 32,
  assortmentOrder: 33,
  categoryInUse: 34,
  productInStock: 35,
  saleOrder: 36,
  /** A cash order (CONTRACT §12): the catalogue's 36 too. */
  cashOrder: 36,
  /** CONTRACT §15: an online booking request unknown, expired, voided or used. */
  bookingRequest: 37,
  /** CONTRACT §15: a waitlist entry. */
  waitlistEntry: 38,
} as const;

const notFoundText: Record<number, string> = {
  1: 'No se encontró el stock',
  2: 'No se encontró el tratamiento',
  3: 'La contraseña no coincide',
  4: 'No se encontró el usuario',
  5: 'Se debe seleccionar un médico o una cosmetóloga',
  6: 'No se encontró la sucursal',
  7: 'No se encontró la cabina',
  8: 'No se encontró el tipo de cabina',
  9: 'No se encontró el tipo de tratamiento',
  10: 'No se encontró el aparato',
  11: 'No se encontró la categoría',
  12: 'No se encontró la cita',
  13: 'No se encontró el producto',
  14: 'No se encontró el cliente',
  15: 'No se encontró la foto',
  16: 'No se encontró el tipo de producto',
  17: 'No se encontró el proveedor',
  18: 'No se encontró el paquete o la promoción',
  19: 'No se encontró la orden',
  20: 'No se encontró la transferencia',
  21: 'El código no es válido o ya expiró',
  22: 'No se encontró el bloqueo',
  23: 'No se encontró la nota',
  24: 'No se encontró la dirección',
  25: 'No se encontró el teléfono',
  26: 'No se encontró el corte de caja',
  27: 'No se encontró el máximo y mínimo',
  28: 'No se encontraron las áreas',
  29: 'No se encontró el registro de pago',
  30: 'No se encontró el cupón',
  31: 'No se encontró la meta',
  32: 'No se encontró la orden de compra',
  33: 'No se encontró la orden de surtido',
  34: 'No se puede eliminar una categoría ligada a un tratamiento o paquete',
  35: 'No se puede eliminar un producto que una sucursal tiene en stock',
  36: 'No se encontró la orden de venta',
  37: 'La solicitud de reserva no existe, expiró o ya no es válida; solicita un código nuevo',
  38: 'No se encontró la solicitud de la lista de espera',
};

/** 409 sub-codes named by the specification. */
export const Conflict = {
  bookingInPast: 4,
  timeNotAvailable: 5,
  cabinBlocked: 6,
  cosmeticAfterMedical: 7,
  unauthorizedCheckIn: 8,
  invalidCredentials: 9,
  cannotAddStock: 10,
  cannotDeletePurchaseOrder: 11,
  branchHasInventory: 12,
  cabinHasAppointments: 13,
  noAppliancesAvailable: 14,
  tooManyCancellations: 15,
  tooManyReschedules: 16,
  outsideHours: 17,
  userExists: 19,
  /** 'El registro ya existe' (CONTRACT §15: a customer already waiting for it). */
  recordExists: 22,
  emailExists: 23,
  duplicatePhone: 24,
  orderNotApproved: 29,
  orderFinished: 30,
  creatorCannotApprove: 31,
  lockExists: 32,
  orderCancelled: 33,
  orderNotCancellable: 34,
  medicalBeforeCosmetic: 35,
  /** Ours: the distribution centre is never deleted (spec 000 §4). */
  distributionCenter: 36,
  /** Ours: a cabin type still assigned to cabins. */
  cabinTypeInUse: 37,
  /** Ours: a blacklisted customer is neither booked nor sold to (CONTRACT §10). */
  customerBlacklisted: 38,
  /** Ours: the appointment's status does not allow the change (spec 002 §4). */
  appointmentStatusLocked: 39,
  /** Ours: a status change happens only on the appointment's own day (spec 002 §4). */
  notAppointmentDay: 40,
  /** Ours: the purchased product is not the customer's, not in process or has no sessions left. */
  purchasedProductUnavailable: 41,
  /** Ours: an inactive customer cannot buy. */
  customerInactive: 42,
  /** Ours: a package or promotion not on sale at that branch, instant or payment method. */
  offerNotOnSale: 43,
  /** CONTRACT §12: a branch closes a day once. */
  cashClosingExists: 44,
  /** CONTRACT §12: a sale, cash order or refund at a branch whose current day is closed. */
  dayClosed: 45,
  /** CONTRACT §15: the neutral refusal of an online booking (it tells nothing about a person). */
  onlineBookingRefused: 46,
  /** CONTRACT §15: a customer cancels from the link too close to the start. */
  customerCancelTooLate: 47,
  /** CONTRACT §15: the waitlist's offer expired, was declined or cancelled. */
  waitlistOfferGone: 48,
  /** CONTRACT §15: the waitlist entry is no longer waiting or offered. */
  waitlistEntryInactive: 49,
  /** Ours: the record was changed by somebody else meanwhile, or a unique key was taken. */
  saveFailed: 1,
  /** Ours: a write that would break a database integrity rule (constraint). */
  integrity: 2,
  getFailed: 3,
} as const;

const conflictText: Record<number, string> = {
  1: 'Error al guardar el registro',
  2: 'La operación no cumple con las reglas de integridad de los datos',
  3: 'Error al obtener el registro',
  4: 'No se puede agendar en el pasado',
  5: 'El horario no está disponible',
  6: 'La cabina está bloqueada en ese horario',
  7: 'No se puede agendar un tratamiento cosmetológico después de uno médico',
  8: 'Registro de entrada no autorizado',
  9: 'Credenciales inválidas',
  10: 'No se puede agregar stock',
  11: 'No se puede eliminar la orden de compra',
  12: 'No se puede eliminar una sucursal con inventario',
  13: 'No se puede eliminar una cabina con citas agendadas',
  14: 'No hay aparatos disponibles',
  15: 'El cliente tiene más de 3 cancelaciones consecutivas',
  16: 'No se puede reagendar una cita con más de dos cambios o cancelaciones',
  17: 'La cita está fuera del horario',
  18: 'Error al actualizar el registro',
  19: 'El usuario ya existe',
  20: 'Error al crear el registro',
  21: 'Error al eliminar el registro',
  22: 'El registro ya existe',
  23: 'El correo electrónico ya existe',
  24: 'El teléfono está duplicado',
  25: 'Error al guardar los cambios',
  26: 'Error al procesar la solicitud',
  27: 'Error al actualizar el estado',
  28: 'Error al consultar la información',
  29: 'La orden debe ser aprobada primero',
  30: 'La orden ya fue finalizada',
  31: 'El creador de la orden no puede aprobarla',
  32: 'Ya existe un bloqueo en este horario',
  33: 'La orden ya fue cancelada',
  34: 'La orden no cumple con los criterios para cancelarla',
  35: 'No se puede agendar un tratamiento médico antes de uno cosmetológico',
  36: 'No se puede eliminar el centro de distribución',
  37: 'No se puede eliminar un tipo de cabina asignado a cabinas',
  38: 'El cliente está en la lista negra',
  39: 'La cita no se puede modificar en su estatus actual',
  40: 'El estatus de la cita solo se puede cambiar el día de la cita',
  41: 'El producto adquirido no es del cliente o ya no tiene sesiones disponibles',
  42: 'El cliente está inactivo',
  43: 'El paquete o la promoción no está a la venta',
  44: 'Ya existe un corte de caja de esta sucursal en ese día',
  45: 'El día ya tiene corte de caja',
  46: 'No es posible completar la reserva en línea; comunícate con la sucursal',
  47: 'La cita es en menos de 12 horas; para cancelarla llama a la sucursal',
  48: 'La oferta de la lista de espera ya no está disponible',
  49: 'La solicitud de la lista de espera ya no está activa',
};

export const BadRequest = {
  validation: 0,
  deviceNumberExists: 1,
  employeeNumberExists: 2,
  skuExists: 3,
  userExists: 4,
  mobileExists: 5,
  noImages: 6,
  minGreaterThanMax: 7,
  maxMinExists: 8,
  couponCodeExists: 9,
  couponExhausted: 10,
  couponAlreadyUsed: 11,
} as const;

const badRequestText: Record<number, string> = {
  0: 'Datos inválidos',
  1: 'El número de dispositivo ya existe',
  2: 'El número de empleado ya existe',
  3: 'El SKU ya existe',
  4: 'El usuario ya existe',
  5: 'El celular ya está registrado a un cliente',
  6: 'No hay imágenes para procesar',
  7: 'La cantidad mínima no puede ser mayor a la cantidad máxima',
  8: 'Ya existe un máximo y mínimo para este producto en la sucursal',
  9: 'Ya existe un cupón con este código',
  10: 'El cupón ya no tiene usos disponibles',
  11: 'El cliente ya utilizó este cupón',
};

export const Unauthorized = {
  session: 0,
  wrongBranch: 1,
  wrongCredentials: 2,
} as const;

export const Unprocessable = {
  insufficientInventory: 1,
  refreshMalformed: 4,
  refreshExpired: 5,
  refreshNotFound: 6,
  refreshRevoked: 7,
  /** Ours: paying with more points than the customer holds. */
  insufficientPoints: 8,
} as const;

const unprocessableText: Record<number, string> = {
  0: 'No se pudo procesar la solicitud',
  1: 'Inventario insuficiente',
  2: 'Error al actualizar el registro',
  3: 'Error al crear el registro',
  4: 'El token de actualización tiene un formato inválido',
  5: 'El token de actualización expiró',
  6: 'No se encontró el token de actualización',
  7: 'El token de actualización fue revocado',
  8: 'El cliente no tiene puntos suficientes',
};

const internalText: Record<number, string> = {
  0: DEFAULT_ERROR_MESSAGE,
  1: 'Error al guardar el registro',
  2: 'Error al obtener el registro',
  3: 'Error al actualizar el registro',
  4: 'Error al eliminar el registro',
  5: 'Error al crear el usuario',
  6: 'Error al actualizar el usuario',
  7: 'Error al crear la sucursal',
  8: 'Error al actualizar la sucursal',
  9: 'Error al crear la cabina',
  10: 'Error al actualizar la cabina',
  11: 'Error al crear el producto',
  12: 'Error al actualizar el producto',
  13: 'Error al crear el tratamiento',
  14: 'Error al actualizar el tratamiento',
  15: 'Error al crear la cita',
  16: 'Error al actualizar la cita',
  17: 'Error al crear el cliente',
  18: 'Error al actualizar el cliente',
  19: 'Error al crear la orden',
  20: 'Error al actualizar la orden',
  21: 'Error al crear la transferencia',
  22: 'Error al actualizar la transferencia',
  23: 'Error al procesar el inventario',
  24: 'Error al subir la imagen',
  25: 'Error al enviar el correo electrónico',
  26: 'Error al crear el paquete',
  27: 'Error al actualizar el paquete',
  28: 'Error al crear el corte de caja',
  29: 'Error al procesar el reembolso',
  30: 'Error al generar el reporte',
  31: 'Error al actualizar el comisionista',
  32: 'Error al actualizar el cupón',
  33: 'Error al crear el cupón',
  34: 'Error al procesar el pago',
  35: 'Error al actualizar la meta',
  36: 'Error al crear la meta',
  37: 'Esta meta ya existe para esta sucursal',
};

const catalogue: Record<number, Record<number, string>> = {
  200: {
    0: DEFAULT_SUCCESS_MESSAGE,
    2: 'Contraseña actualizada correctamente',
    3: 'PIN actualizado correctamente',
  },
  201: { 0: 'Registro creado correctamente', 1: 'Se envió un código a tu correo electrónico' },
  400: badRequestText,
  401: {
    0: 'Tu sesión expiró, inicia sesión de nuevo',
    1: 'El usuario no pertenece a la sucursal seleccionada',
    2: 'Usuario o contraseña incorrectos',
  },
  403: { 0: 'No tienes permiso para realizar esta acción' },
  404: { 0: 'No se encontró el recurso', ...notFoundText },
  405: { 0: 'Método no permitido' },
  409: conflictText,
  413: {
    0: 'La solicitud es demasiado grande (máximo 1 MB)',
    1: 'La solicitud trae demasiados archivos (máximo 3 fotos por producto, 1 por usuario o tratamiento)',
  },
  415: { 0: 'Tipo de contenido no soportado' },
  422: unprocessableText,
  429: {
    0: 'Demasiados intentos fallidos, intenta de nuevo en 15 minutos',
    1: 'Demasiadas solicitudes de reserva; intenta de nuevo en una hora',
  },
  500: internalText,
  502: { 0: 'El servicio no está disponible por el momento' },
  503: { 0: 'El servicio no está disponible por el momento' },
  504: { 0: 'El servidor tardó demasiado en responder' },
};

/** Generic text per status class, for statuses the catalogue does not name. */
function genericText(status: number): string {
  if (status >= 200 && status < 300) return DEFAULT_SUCCESS_MESSAGE;
  if (status >= 300 && status < 400) return 'El recurso se movió';
  if (status >= 400 && status < 500) return 'La solicitud no es válida';
  return DEFAULT_ERROR_MESSAGE;
}

/** True when the catalogue names this exact (status, code) pair. */
export function isCataloguePair(status: number, code: number): boolean {
  return catalogue[status]?.[code] !== undefined;
}

/**
 * The Spanish text for a (status, code) pair. An unnamed code falls back to the status's code 0,
 * then to the generic text of its class ('Error en el Servidor' for errors, 'Operación exitosa'
 * for successes).
 */
export function messageFor(status: number, code = 0): string {
  const byStatus = catalogue[status];
  return byStatus?.[code] ?? byStatus?.[0] ?? genericText(status);
}

/** Every pair the catalogue names, for the OpenAPI description and the tests. */
export function cataloguePairs(): { status: number; code: number; message: string }[] {
  return Object.entries(catalogue).flatMap(([status, codes]) =>
    Object.entries(codes).map(([code, message]) => ({
      status: Number(status),
      code: Number(code),
      message,
    })),
  );
}
