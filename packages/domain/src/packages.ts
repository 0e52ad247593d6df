import { roundMoney } from './catalogue-math';
import { localDayAndTime } from './time';

/**
 * Packages and promotions (spec 002 §3–§5, CONTRACT §11): the rules the point of sale and the
 * agenda call when they sell or book one. Pure functions, so the API, the screens and the later
 * sales code apply the same rules.
 */

export const OFFER_TYPES = ['Package', 'Promotion'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
export const OFFER_TYPE_LABELS: Record<OfferType, string> = {
  Package: 'Paquete',
  Promotion: 'Promoción',
};
/** The privilege that guards each type (CONTRACT §11). */
export const OFFER_RESOURCE = { Package: 'packages', Promotion: 'promotions' } as const;

/**
 * How a sale is paid (spec 002 §4: the five payment methods, and Puntos, which sales also show):
 * an offer's `paymentType` lists those that may pay for it.
 */
export const SALE_PAYMENT_METHODS = [
  'Efectivo',
  'Transferencia electrónica',
  'Depósito bancario',
  'Tarjeta de crédito',
  'Tarjeta de débito',
  'Puntos',
] as const;
export type SalePaymentMethod = (typeof SALE_PAYMENT_METHODS)[number];

/** The cabin time of an offer goes in the agenda's 30-minute steps. */
export const CABIN_TIME_STEP = 30;

export interface OfferLinePrices {
  regularPrice: number;
  promotionPrice: number;
}

/** `price` = Σ promotionPrice, `regularPrice` = Σ regularPrice of the lines (CONTRACT §11). */
export function offerTotals(lines: readonly Partial<OfferLinePrices>[]): {
  price: number;
  regularPrice: number;
} {
  let price = 0;
  let regularPrice = 0;
  for (const line of lines) {
    price += Number.isFinite(line.promotionPrice) ? line.promotionPrice! : 0;
    regularPrice += Number.isFinite(line.regularPrice) ? line.regularPrice! : 0;
  }
  return { price: roundMoney(price), regularPrice: roundMoney(regularPrice) };
}

/** What decides whether an offer is on sale: as the API answers it (`branches` with their zone). */
export interface SaleWindow {
  /** Active (status 1); a deleted offer is never passed in. */
  status: boolean | number;
  branches: readonly { id: number; zone: string }[];
  paymentType: readonly string[];
  validBySchedule: boolean | number;
  /** Branch-local `YYYY-MM-DD`, both days included. */
  startDate?: string | null;
  endDate?: string | null;
  validByTime: boolean | number;
  /** Branch-local `HH:mm`: from the start (included) until the end (excluded). */
  startTime?: string | null;
  endTime?: string | null;
}

export type NotOnSaleReason = 'inactive' | 'branch' | 'dates' | 'hours' | 'payment';

export const NOT_ON_SALE_MESSAGES: Record<NotOnSaleReason, string> = {
  inactive: 'La oferta está inactiva',
  branch: 'La oferta no es válida en esta sucursal',
  dates: 'La oferta está fuera de su vigencia',
  hours: 'La oferta está fuera de su horario',
  payment: 'La oferta no acepta este método de pago',
};

/** An offer as stored (active flag, payment types, dates, hours) with its branches, as a sale window. */
export function saleWindowOf(
  offer: Omit<SaleWindow, 'status' | 'branches'> & { active: boolean | number },
  branches: SaleWindow['branches'],
): SaleWindow {
  return {
    status: offer.active,
    branches,
    paymentType: offer.paymentType,
    validBySchedule: offer.validBySchedule,
    startDate: offer.startDate,
    endDate: offer.endDate,
    validByTime: offer.validByTime,
    startTime: offer.startTime,
    endTime: offer.endTime,
  };
}

/**
 * The refusal of an offer not on sale, naming it ('Facial: la oferta está fuera de su vigencia';
 * a payment method it does not take is named).
 */
export function notOnSaleMessage(
  name: string,
  reason: NotOnSaleReason,
  paymentMethod?: string | null,
): string {
  return reason === 'payment' && paymentMethod
    ? `${name}: no acepta el pago con ${paymentMethod}`
    : `${name}: ${NOT_ON_SALE_MESSAGES[reason].toLowerCase()}`;
}

/**
 * Why an offer cannot be sold at a branch at an instant (paid with a method, when the caller
 * knows it), or null when it can: it must be active, offered at that branch, within its dates
 * (both days included, in the branch's local day) when `validBySchedule`, within its hours (from
 * the start until, not including, the end, in the branch's local time) when `validByTime`, and
 * paid only by one of its `paymentType` methods.
 */
export function whyNotOnSale(
  offer: SaleWindow,
  branchId: number,
  instant: Date,
  paymentMethod?: string | null,
): NotOnSaleReason | null {
  if (!offer.status) return 'inactive';
  const branch = offer.branches.find((candidate) => candidate.id === branchId);
  if (!branch) return 'branch';
  const local = localDayAndTime(instant, branch.zone);
  if (offer.validBySchedule) {
    if (!offer.startDate || !offer.endDate) return 'dates';
    if (local.date < offer.startDate || local.date > offer.endDate) return 'dates';
  }
  if (offer.validByTime) {
    if (!offer.startTime || !offer.endTime) return 'hours';
    if (local.time < `${offer.startTime}:00` || local.time >= `${offer.endTime}:00`) return 'hours';
  }
  if (
    paymentMethod !== undefined &&
    paymentMethod !== null &&
    !offer.paymentType.includes(paymentMethod)
  )
    return 'payment';
  return null;
}

/** Whether an offer is on sale at a branch at an instant, paid with that method (see whyNotOnSale). */
export function isOnSale(
  offer: SaleWindow,
  branchId: number,
  instant: Date,
  paymentMethod?: string | null,
): boolean {
  return whyNotOnSale(offer, branchId, instant, paymentMethod) === null;
}

/** The rules that tie an offer's fields together, as it will be saved (create, or stored + update). */
export interface OfferRuleInput {
  type: OfferType;
  validBySchedule?: boolean;
  startDate?: string | null;
  endDate?: string | null;
  validByTime?: boolean;
  startTime?: string | null;
  endTime?: string | null;
  treatmentPackage?: readonly { treatmentId: number; sessions?: number | null }[];
}

/**
 * The problems of an offer's linked fields, each naming its field (spec 002 §5): dates required
 * when limited in time (start not after end), times when limited by hours (start before end),
 * sessions on every line of a package and on none of a promotion, a treatment once per offer.
 */
export function offerRuleProblems(offer: OfferRuleInput): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  if (offer.validBySchedule) {
    if (!offer.startDate)
      problems.push({ field: 'startDate', message: 'El campo Fecha de inicio es obligatorio' });
    if (!offer.endDate)
      problems.push({ field: 'endDate', message: 'El campo Fecha de fin es obligatorio' });
    if (offer.startDate && offer.endDate && offer.startDate > offer.endDate)
      problems.push({
        field: 'endDate',
        message: 'La fecha de fin no puede ser anterior a la fecha de inicio',
      });
  }
  if (offer.validByTime) {
    if (!offer.startTime)
      problems.push({ field: 'startTime', message: 'El campo Hora de inicio es obligatorio' });
    if (!offer.endTime)
      problems.push({ field: 'endTime', message: 'El campo Hora de fin es obligatorio' });
    if (offer.startTime && offer.endTime && offer.startTime >= offer.endTime)
      problems.push({
        field: 'endTime',
        message: 'La hora de fin debe ser posterior a la hora de inicio',
      });
  }
  const seen = new Set<number>();
  (offer.treatmentPackage ?? []).forEach((line, index) => {
    const hasSessions = line.sessions !== undefined && line.sessions !== null;
    if (offer.type === 'Package' && !hasSessions)
      problems.push({
        field: `treatmentPackage.${index}.sessions`,
        message: 'El campo Sesiones es obligatorio',
      });
    if (offer.type === 'Promotion' && hasSessions)
      problems.push({
        field: `treatmentPackage.${index}.sessions`,
        message: 'Las promociones no llevan sesiones',
      });
    if (seen.has(line.treatmentId))
      problems.push({
        field: `treatmentPackage.${index}.treatmentId`,
        message: 'El tratamiento está repetido',
      });
    seen.add(line.treatmentId);
  });
  return problems;
}
