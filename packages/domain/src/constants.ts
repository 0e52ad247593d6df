/** Business constants of spec 000 §9 and 002 §9. */

export const API_VERSION = 1;
export const LOCALE = 'es-MX';
export const DEFAULT_TIME_ZONE = 'America/Tijuana';

/** Branch time-zone options (spec 000 §9), mapped to their IANA zones. */
export const TIME_ZONES = [
  { label: 'Tiempo del Sureste', value: 'America/Cancun' },
  { label: 'Tiempo del Centro', value: 'America/Mexico_City' },
  { label: 'Tiempo del Pacífico', value: 'America/Mazatlan' },
  { label: 'Tiempo del Noroeste', value: 'America/Tijuana' },
] as const;

export const WEEK_DAYS = [
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
  'Domingo',
] as const;

export const IDLE_TIMEOUT_MS = 900_000;
export const IDLE_WARNING_MS = 60_000;
export const IDLE_THROTTLE_MS = 500;

export const ACCESS_TOKEN_MINUTES = 15;
export const REFRESH_TOKEN_HOURS = 12;
export const REFRESH_TOKEN_REMEMBER_DAYS = 30;
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_MINUTES = 15;
export const PIN_FAILURES_BEFORE_REVOKE = 5;
export const RESET_CODE_MINUTES = 15;

export const TREATMENT_TYPES = [
  { name: 'Médico', appointmentName: 'Cita médica' },
  { name: 'Cosmetóloga', appointmentName: 'Cita cosmetológica' },
  { name: 'Valoración', appointmentName: 'Valoración' },
] as const;

export const PRODUCT_TYPES = ['Cosmetólogo/Venta', 'Médico/Venta', 'Uso Cabina', 'Insumo'] as const;

export const EMPLOYEE_TYPES = ['Médica', 'Cosmetológica', 'Administrativa'] as const;

/** Departments and their job positions, seeded as lookups. */
export const DEPARTMENTS: Record<string, string[]> = {
  Dirección: ['Director General', 'Director de Operaciones'],
  Médica: ['Médico Estético', 'Médico Dermatólogo', 'Enfermera'],
  Cosmetología: ['Cosmetóloga', 'Cosmetóloga Senior'],
  Administración: ['Gerente de Sucursal', 'Gerente Operativo', 'Recepcionista', 'Franquiciatario'],
  Logística: ['Gerente de Logística', 'Almacenista'],
};

/** The colour collection cabin types pick from (hex without #). */
export const COLORS = [
  { name: 'Rosa', hex: 'F48FB1' },
  { name: 'Lila', hex: 'CE93D8' },
  { name: 'Lavanda', hex: 'B39DDB' },
  { name: 'Índigo', hex: '9FA8DA' },
  { name: 'Azul cielo', hex: '90CAF9' },
  { name: 'Turquesa', hex: '80DEEA' },
  { name: 'Menta', hex: '80CBC4' },
  { name: 'Verde', hex: 'A5D6A7' },
  { name: 'Lima', hex: 'C5E1A5' },
  { name: 'Amarillo', hex: 'FFF59D' },
  { name: 'Ámbar', hex: 'FFE082' },
  { name: 'Durazno', hex: 'FFCC80' },
  { name: 'Coral', hex: 'FFAB91' },
  { name: 'Arena', hex: 'BCAAA4' },
  { name: 'Gris', hex: 'B0BEC5' },
  { name: 'Rojo', hex: 'EF9A9A' },
] as const;

export const GENDERS = ['Masculino', 'Femenino', 'Otro'] as const;
export const MARITAL_STATUSES = [
  'Soltero',
  'Casado',
  'Viudo',
  'Divorciado',
  'Separación',
  'Concubinato',
  'Otro',
] as const;
export const WORK_SHIFTS = ['matutino', 'intermedio', 'vespertino'] as const;
export const EDUCATION_LEVELS = ['inicial', 'básica', 'media superior', 'superior'] as const;
export const BLOOD_TYPES = ['A+', 'O+', 'B+', 'AB+', 'A-', 'O-', 'B-', 'AB-'] as const;
export const USER_STATUSES = ['activo', 'inactivo'] as const;

/**
 * Why a lot's quantity changed (CONTRACT §9, the ledger), each with its reverse: a deleted
 * purchase order takes its units back out (`purchase-reversal`), a rejected transfer returns
 * them (`transfer-reversal`). A `transit-loss` records units lost on the way and changes no lot.
 */
export const STOCK_CAUSES = [
  'purchase',
  'purchase-reversal',
  'adjustment',
  'adjustment-reversal',
  'sale-order',
  'sale-order-reversal',
  'assortment',
  'assortment-reversal',
  'transfer',
  'transfer-reversal',
  'appointment',
  'appointment-reversal',
  'cash-order',
  'cash-order-reversal',
  'refund',
  'refund-reversal',
  'transit-loss',
  'transit-loss-reversal',
] as const;
export type StockCause = (typeof STOCK_CAUSES)[number];

/** The causes in Spanish, as the movement history shows them. */
export const STOCK_CAUSE_LABELS: Record<StockCause, string> = {
  purchase: 'Orden de compra',
  'purchase-reversal': 'Orden de compra eliminada',
  adjustment: 'Ajuste',
  'adjustment-reversal': 'Ajuste revertido',
  'sale-order': 'Orden de venta',
  'sale-order-reversal': 'Orden de venta revertida',
  assortment: 'Orden de surtido',
  'assortment-reversal': 'Orden de surtido revertida',
  transfer: 'Transferencia',
  'transfer-reversal': 'Transferencia revertida',
  appointment: 'Cita',
  'appointment-reversal': 'Cita revertida',
  'cash-order': 'Venta en caja',
  'cash-order-reversal': 'Venta en caja revertida',
  refund: 'Devolución',
  'refund-reversal': 'Devolución revertida',
  'transit-loss': 'Merma en tránsito',
  'transit-loss-reversal': 'Merma en tránsito revertida',
};

/** The stock adjustment types (spec 001 §9): Baja takes units out of a lot, Registro adds them. */
export const ADJUSTMENT_TYPES = ['drop', 'registration'] as const;
export const ADJUSTMENT_TYPE_LABELS = { drop: 'Baja', registration: 'Registro' } as const;

/** Purchase-order payment (spec 001 §4, §9). */
export const PAY_STATUSES = ['Pendiente', 'Completado'] as const;
export const PAY_METHODS = [
  'Transferencia',
  'Efectivo',
  'Cheque',
  'Tarjeta de crédito',
  'Tarjeta de débito',
] as const;

/** The product type whose lot and expiry are optional on a purchase order (CONTRACT §9). */
export const LOTLESS_PRODUCT_TYPE = 'Insumo';

/** Days to expiry at which the inventory colours a lot (spec 001 §4, §9). */
export const EXPIRY_DANGER_DAYS = 30;
export const EXPIRY_ALERT_DAYS = 60;

/** Order number prefixes (CONTRACT §9): shown with six digits, `OC-000042`. */
export const ORDER_PREFIXES = {
  purchaseOrder: 'OC',
  saleOrder: 'SO',
  assortmentOrder: 'OR',
  transfer: 'TR',
  appointment: 'CITA',
  /** Products sold over the counter (CONTRACT §12 "Cash orders"): `VP-000042`. */
  cashOrder: 'VP',
  /** Orders of treatments, packages and promotions (CONTRACT §12): point-of-sale numbers too. */
  order: 'POS',
  /** Daily cash closings (CONTRACT §12): `CC-000042`. */
  cashClosing: 'CC',
} as const;

export const formatOrderNumber = (kind: keyof typeof ORDER_PREFIXES, number: number) =>
  `${ORDER_PREFIXES[kind]}-${String(number).padStart(6, '0')}`;

/**
 * An order number as typed in a search: `OC-000042`, `oc42`, `000042` or `42` → 42; anything
 * else → null (then the search is by text only).
 */
export function parseOrderNumber(kind: keyof typeof ORDER_PREFIXES, input: string): number | null {
  const match = new RegExp(`^\\s*(?:${ORDER_PREFIXES[kind]}\\s*-?\\s*)?(\\d{1,9})\\s*$`, 'i').exec(
    input,
  );
  return match ? Number(match[1]) : null;
}
