import type { z } from 'zod';
import { fieldLabels } from './fields';
import { RESOURCES } from './privileges';
import { approvalLabels } from './product-approval';
import * as tables from './routes';
import type { RouteDef } from './routes/define';

/**
 * The Spanish label of every field a change can name, from the one source the forms and the
 * error messages read: the labels the field builders register in `fieldLabels`. The history shows
 * `tradename` as 'Nombre comercial' and `kardex.employeeNumber` as 'Número de empleado' this way,
 * with nothing to keep in step by hand.
 */

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What a schema (or what it wraps) registered, if anything. */
function metaOf(
  schema: z.ZodType,
  depth = 0,
):
  | { label: string; money?: boolean; percent?: boolean; values?: Readonly<Record<string, string>> }
  | undefined {
  const own = fieldLabels.get(schema);
  if (own?.label || depth > 6) return own;
  const def = defOf(schema);
  for (const inner of [def.innerType, def.in, def.out, def.element]) {
    const meta = inner ? metaOf(inner, depth + 1) : undefined;
    if (meta?.label) return meta;
  }
  return undefined;
}

const labelOf = (schema: z.ZodType) => metaOf(schema)?.label;

/**
 * The dotted keys of a body schema's money fields (`cost`, `kardex.bankInformation.salary`), or
 * of its percentages (`tax`).
 */
function flaggedOfSchema(
  schema: z.ZodType,
  flag: 'money' | 'percent',
  prefix = '',
  depth = 0,
): string[] {
  const shape = objectOf(schema);
  if (!shape || depth > 6) return [];
  return Object.entries(shape).flatMap(([key, field]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return [
      ...(metaOf(field)?.[flag] && !objectOf(field) ? [path] : []),
      ...flaggedOfSchema(field, flag, path, depth + 1),
    ];
  });
}

/** The object a schema is (through optional, nullable, pipes, arrays), if it is one. */
function objectOf(schema: z.ZodType, depth = 0): Record<string, z.ZodType> | undefined {
  if (depth > 8) return undefined;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape;
  if (def.type === 'intersection' && def.left && def.right) {
    return { ...objectOf(def.left, depth + 1), ...objectOf(def.right, depth + 1) };
  }
  for (const inner of [def.innerType, def.in, def.out, def.element, ...(def.options ?? [])]) {
    const shape = inner ? objectOf(inner, depth + 1) : undefined;
    if (shape) return shape;
  }
  return undefined;
}

/**
 * `{ key: label }` of a body schema, nested objects' keys dotted as the audit writes them
 * (`kardex.address.city`); a nested part also answers under its own key (`kardex.address`).
 */
export function labelsOfSchema(schema: z.ZodType, prefix = ''): Record<string, string> {
  const labels: Record<string, string> = {};
  const shape = objectOf(schema);
  if (!shape) return labels;
  for (const [key, field] of Object.entries(shape)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const label = labelOf(field);
    if (label) labels[path] = label;
    Object.assign(labels, labelsOfSchema(field, path));
  }
  return labels;
}

/** Audit modules whose name is not the resource key of their routes' privilege. */
const MODULE_OF_PATH: Record<string, string> = {
  '/branch-appliance': 'branch_appliance',
  '/note': 'note',
};

function moduleOf(route: RouteDef): string | undefined {
  const byPath = Object.entries(MODULE_OF_PATH).find(([path]) => route.path.startsWith(path));
  if (byPath) return byPath[1];
  const access = route.access;
  if ('privilege' in access) return access.privilege.resource;
  if ('anyOf' in access) return access.anyOf[0]?.resource;
  return undefined;
}

/**
 * Fields of the records an entry copies that no body sends: their state and what the server
 * derives or joins (a product's type by name, a branch's week as stored).
 */
const RECORD_FIELDS: Record<string, string> = {
  status: 'Estatus',
  deletedAt: 'Eliminado',
  deleted_at: 'Eliminado',
  approved_at: 'Fecha de aprobación',
  rejected_at: 'Fecha de rechazo',
  approvalStatus: 'Aprobación',
  schedules: 'Horario',
  costWithTax: 'Costo con IVA',
  photos: 'Fotos',
  providers: 'Proveedores',
  categories: 'Categorías',
  productType: 'Tipo de producto',
  type: 'Tipo',
  branch: 'Sucursal',
  role: 'Rol',
  contract: 'Contrato',
  treatmentType: 'Tipo de tratamiento',
  treatmentConsent: 'Consentimiento',
  areas: 'Áreas',
  appliances: 'Aparatos',
  appliance: 'Aparato',
  photo: 'Foto',
  sku: 'SKU',
  statusDescription: 'Descripción del estatus',
  lastMaintenance: 'Último mantenimiento',
  comments: 'Comentarios',
  // The waitlist's entry (CONTRACT §15): its open offer and all of them.
  offer: 'Oferta',
  offers: 'Ofertas',
  // The stock flows' documents (spec 001 §3): their numbers, people, dates and computed totals.
  orderNumber: 'Número de orden',
  transferNumber: 'Número de transferencia',
  folio: 'Folio',
  provider: 'Proveedor',
  creditExpiration: 'Vencimiento del crédito',
  linesTotal: 'Total de los productos',
  totalAmount: 'Total',
  createdBy: 'Creado por',
  orderBy: 'Solicitado por',
  approvedBy: 'Aprobado por',
  receivedBy: 'Recibido por',
  acceptedBy: 'Aceptado por',
  rejectedBy: 'Rechazado por',
  approvedAt: 'Fecha de aprobación',
  sentAt: 'Fecha de envío',
  finishedAt: 'Fecha de término',
  acceptedAt: 'Fecha de aceptación',
  rejectedAt: 'Fecha de rechazo',
  rejectReason: 'Motivo del rechazo',
  hasDifference: 'Con diferencia',
  originBranch: 'Sucursal de origen',
  destinyBranch: 'Sucursal de destino',
  payMethod: 'Método de pago',
  payStatus: 'Estatus de pago',
  orderType: 'Tipo de orden',
  rfc: 'RFC',
  // A customer's account (spec 002 §3): what the server keeps and joins, no body sends.
  customerId: 'Número de cliente',
  tutor: 'Tutor',
  points: 'Puntos',
  cancellations: 'Cancelaciones',
  missedAppointments: 'Inasistencias',
  loyaltyScale: 'Nivel de lealtad',
  registryBranch: 'Sucursal de registro',
  purchaseOrderProducts: 'Productos',
  saleOrderProducts: 'Productos',
  assortmentOrderProducts: 'Productos',
  transferProducts: 'Productos',
  // A finished appointment's commission for the medic who attended it (CONTRACT §12).
  medicCommission: 'Comisión médica',
  // Packages and promotions (spec 002 §3): their joined records and computed prices.
  category: 'Categoría',
  branches: 'Sucursales',
  price: 'Precio',
  regularPrice: 'Precio regular',
  allotment: 'Lote',
  quantity: 'Cantidad',
  orderedQuantity: 'Cantidad solicitada',
  stockedQuantity: 'Cantidad enviada',
  receivedQuantity: 'Cantidad recibida',
  // A goal's progress (spec 002 §2), derived from the month's sales.
  totalSale: 'Venta total',
  // A goal's amount still to sell, a coupon's uses still left.
  remaining: 'Restante',
  dailyGoal: 'Meta diaria',
  percentage: 'Porcentaje de venta',
  // Coupons (spec 002 §3): uses, the item, its prices and where and in what it was used.
  used: 'Usados',
  treatment: 'Tratamiento',
  product: 'Producto',
  discountPrice: 'Precio con descuento',
  orders: 'Órdenes',
  cashOrders: 'Órdenes en efectivo',
  // Orders (spec 002 §3 "Order"): the parties, amounts and state the server computes and joins.
  customer: 'Cliente',
  seller: 'Vendedor',
  user: 'Usuario',
  coupon: 'Cupón',
  subtotal: 'Subtotal',
  discountTotal: 'Descuento',
  total: 'Total',
  paymentStatus: 'Estatus de pago',
  paymentMethod: 'Método de pago',
  payReference: 'Referencia de pago',
  exchangeRate: 'Tipo de cambio',
  changeAmount: 'Cambio',
  paidAt: 'Fecha de pago',
  refundedAt: 'Fecha de reembolso',
  paymentMethods: 'Métodos de pago',
  paidDate: 'Día de pago',
  refundDate: 'Día de devolución',
  date: 'Fecha',
  time: 'Hora',
  refundedBy: 'Devuelta por',
  refundAmount: 'Monto devuelto',
  pointsReturned: 'Puntos devueltos',
  pointsTaken: 'Puntos retirados',
  orderDetails: 'Tratamientos',
  payments: 'Pagos',
  purchasedProducts: 'Productos adquiridos',
  consents: 'Consentimientos',
  // Cash orders (spec 002 §3 "Cash order"): IVA, the products with their lots, the seller moved.
  taxes: 'IVA',
  cashOrderDetails: 'Productos',
  sellerId: 'Vendedor',
  commissions: 'Comisiones',
  // Appointments and locks (spec 002 §3): what the bitácora and the history name by their records.
  endTime: 'Hora de fin',
  cabain: 'Cabina',
  treatments: 'Tratamientos',
  package: 'Paquete',
  promotion: 'Promoción',
  attendedBy: 'Atiende',
  changes: 'Cambios',
  // Daily cash closings (CONTRACT §12): the day's totals and the count's differences.
  salesTotal: 'Total de ventas',
  refundTotal: 'Total de devoluciones',
  difference: 'Diferencia',
  differenceDollars: 'Diferencia en dólares',
  number: 'Número',
  cashTotal: 'Efectivo',
  cashTotalDollars: 'Efectivo en dólares',
  cashTotalDollarsMxn: 'Efectivo en dólares (MXN)',
  creditCardTotal: 'Tarjeta de crédito',
  debitCardTotal: 'Tarjeta de débito',
  transferTotal: 'Transferencia electrónica',
  depositTotal: 'Depósito bancario',
  pointsTotal: 'Puntos',
  refundCash: 'Devoluciones en efectivo',
  refundCreditCard: 'Devoluciones a tarjeta de crédito',
  refundDebitCard: 'Devoluciones a tarjeta de débito',
  refundTransfer: 'Devoluciones por transferencia',
  refundDeposit: 'Devoluciones por depósito',
  refundPoints: 'Puntos devueltos',
  ordersCount: 'Órdenes',
  cashOrdersCount: 'Ventas de productos',
  refundsCount: 'Devoluciones',
  products: 'Productos',
};

/** Options of the fields the server derives, by their Spanish names. */
const DERIVED_VALUES: Record<string, Readonly<Record<string, string>>> = {
  approvalStatus: approvalLabels,
};

/** Money fields of a record that the server derives (no body sends them). */
const DERIVED_MONEY = [
  'taxes',
  'costWithTax',
  'price',
  'regularPrice',
  'discountPrice',
  'subtotal',
  'discountTotal',
  'total',
  'changeAmount',
  'refundAmount',
  'salesTotal',
  'refundTotal',
  'difference',
];

/**
 * The keys of a module's changes that are amounts of pesos, so the history shows `$4,950.00`
 * rather than `4950`: the fields built with the money builders, one source with the forms.
 */
export function auditMoneyFields(module: string): ReadonlySet<string> {
  auditFieldLabels(module);
  return moneyByModule[labelsKey(module)] ?? new Set(DERIVED_MONEY);
}

/**
 * A field's value as the forms name it ('product' → 'Producto', a tax of 16 → '16 %'); the value
 * itself otherwise.
 */
export function auditValueLabel(module: string, key: string, value: unknown): unknown {
  auditFieldLabels(module);
  if (typeof value === 'number' && percentByModule[labelsKey(module)]?.has(key))
    return `${value} %`;
  const names = valuesByModule[labelsKey(module)]?.[key] ?? DERIVED_VALUES[key];
  return typeof value === 'string' && names?.[value] ? names[value] : value;
}

/**
 * Fields a created record carries that say nothing to staff, or restate another field in words
 * (`termLabel` is `term`): the history leaves them out.
 */
export const AUDIT_HIDDEN_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'created_at',
  'createdAt',
  'updated_at',
  'termLabel',
  'approvalLabel',
  'contentLabel',
  'goal_id',
  'cabainTimeLabel',
]);

/** Modules written by the routes of another (promotions share `/package` with packages). */
const LABELS_OF: Record<string, string> = { promotions: 'packages' };
const labelsKey = (module: string) => LABELS_OF[module] ?? module;

let byModule: Record<string, Record<string, string>> | null = null;
const moneyByModule: Record<string, Set<string>> = {};
const percentByModule: Record<string, Set<string>> = {};
const valuesByModule: Record<string, Record<string, Readonly<Record<string, string>>>> = {};

/** Every body key (dotted, as the audit writes nested ones) of the routes that write each module. */
export function auditedBodyKeys(): Record<string, string[]> {
  const keys: Record<string, Set<string>> = {};
  const walk = (schema: z.ZodType, prefix: string, into: Set<string>, depth = 0) => {
    const shape = objectOf(schema);
    if (!shape || depth > 6) return;
    for (const [key, field] of Object.entries(shape)) {
      const path = prefix ? `${prefix}.${key}` : key;
      into.add(path);
      walk(field, path, into, depth + 1);
    }
  };
  for (const table of Object.values(tables)) {
    if (typeof table !== 'object' || table === null) continue;
    for (const candidate of routesOf(table as Record<string, unknown>)) {
      if (!candidate.body || !candidate.access || !candidate.path) continue;
      const key = moduleOf(candidate as RouteDef);
      if (!key) continue;
      walk(candidate.body, '', (keys[key] ??= new Set()));
    }
  }
  return Object.fromEntries(Object.entries(keys).map(([key, set]) => [key, [...set].sort()]));
}

/** The routes of a table, including those grouped one level down (a product's update paths). */
function routesOf(table: Record<string, unknown>): Partial<RouteDef>[] {
  return Object.values(table).flatMap((entry) => {
    if (typeof entry !== 'object' || entry === null) return [];
    return 'path' in entry
      ? [entry as Partial<RouteDef>]
      : (Object.values(entry).filter(
          (inner) => typeof inner === 'object' && inner !== null && 'path' in inner,
        ) as Partial<RouteDef>[]);
  });
}

/**
 * The labels of the fields of an audit module's records, from the bodies of the routes that write
 * them (the route table), computed once.
 */
export function auditFieldLabels(module: string): Record<string, string> {
  if (!byModule) {
    byModule = {};
    for (const table of Object.values(tables)) {
      if (typeof table !== 'object' || table === null) continue;
      for (const candidate of routesOf(table as Record<string, unknown>)) {
        if (!candidate.body || !candidate.access || !candidate.path) continue;
        const key = moduleOf(candidate as RouteDef);
        if (!key) continue;
        byModule[key] = { ...labelsOfSchema(candidate.body), ...byModule[key] };
        const money = (moneyByModule[key] ??= new Set(DERIVED_MONEY));
        for (const path of flaggedOfSchema(candidate.body, 'money')) money.add(path);
        const percent = (percentByModule[key] ??= new Set());
        for (const path of flaggedOfSchema(candidate.body, 'percent')) percent.add(path);
        const shape = objectOf(candidate.body) ?? {};
        for (const [field, schema] of Object.entries(shape)) {
          const values = metaOf(schema)?.values;
          if (values) (valuesByModule[key] ??= {})[field] = values;
        }
      }
    }
  }
  // A role's change is its privilege map: each field is a module, named as the role editor does.
  const extra =
    module === 'role'
      ? Object.fromEntries(Object.entries(RESOURCES).map(([key, resource]) => [key, resource.name]))
      : {};
  return { ...RECORD_FIELDS, ...extra, ...byModule[labelsKey(module)] };
}

// The actions' names live apart, so a screen that names actions does not load every route.
export { AUDIT_ACTION_LABELS } from './audit-actions';
