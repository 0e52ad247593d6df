import { z } from 'zod';
import { date, fieldLabels, id, labelled, requiredOr, text } from '../fields';
import { msg } from '../messages';
import {
  COUPON_CODE_MAX,
  COUPON_CODE_MIN,
  COUPON_NAME_MAX,
  COUPON_TYPES,
  COUPON_TYPE_LABELS,
} from '../coupons';
import { listQuery, ref } from './common';
import { flag01, ids } from './catalogue-fields';

/** Coupons (spec 002 §2, §3, §5, §7, §9; CONTRACT §11). */

const CODE_RE = /^[A-Z0-9_-]+$/;

/**
 * 5 to 15 characters; letters, digits, '-' and '_' (a customer types it at the point of sale),
 * kept in capitals so `verano25` and `VERANO25` are one code.
 */
export const couponCode = (label = 'Código') =>
  text(label, { min: COUPON_CODE_MIN, max: COUPON_CODE_MAX })
    .transform((value) => value.toUpperCase())
    .pipe(
      z
        .string()
        .regex(CODE_RE, `El campo ${label} solo admite letras, números, guiones y guiones bajos`),
    );

/** A percentage, 0 < % ≤ 100 with at most two decimals (an empty mask arrives as 0). */
export function discountPercent(label = 'Descuento') {
  return z
    .number({ error: requiredOr(label, msg.number(label)) })
    .gt(0, `El campo ${label} debe ser mayor a 0`)
    .max(100, msg.maxValue(label, 100))
    .refine(
      (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
      `El campo ${label} admite máximo dos decimales`,
    )
    .register(fieldLabels, { label });
}

const couponType = labelled(
  z.enum(COUPON_TYPES, {
    error: (issue) => (issue.input === undefined ? msg.required('Tipo') : msg.option('Tipo')),
  }),
  'Tipo',
  COUPON_TYPE_LABELS,
);

const couponFields = {
  code: couponCode(),
  name: text('Nombre', { max: COUPON_NAME_MAX }),
  description: text('Descripción', { max: 500 }),
  branchesIds: labelled(ids('Sucursales válidas'), 'Sucursales válidas'),
  limit: z
    .number({ error: requiredOr('Límite de usos', msg.number('Límite de usos')) })
    .int(msg.integer('Límite de usos'))
    .min(1, msg.minValue('Límite de usos', 1))
    .max(1_000_000, msg.maxValue('Límite de usos', 1_000_000))
    .register(fieldLabels, { label: 'Límite de usos' }),
  type: couponType,
  treatmentId: id('Tratamiento').nullable().optional(),
  productId: id('Producto').nullable().optional(),
  discount: discountPercent(),
  expireDate: date('Fecha de vencimiento'),
  status: flag01('Estatus').optional(),
};

type ItemFields = {
  type?: (typeof COUPON_TYPES)[number];
  treatmentId?: number | null;
  productId?: number | null;
};

/** A Treatment coupon names its treatment and no product; a Product coupon the reverse. */
function checkItem(body: ItemFields, ctx: z.RefinementCtx) {
  if (body.type === 'Treatment') {
    if (!body.treatmentId)
      ctx.addIssue({ code: 'custom', path: ['treatmentId'], message: msg.required('Tratamiento') });
    if (body.productId)
      ctx.addIssue({
        code: 'custom',
        path: ['productId'],
        message: 'Un cupón de tratamiento no lleva producto',
      });
  }
  if (body.type === 'Product') {
    if (!body.productId)
      ctx.addIssue({ code: 'custom', path: ['productId'], message: msg.required('Producto') });
    if (body.treatmentId)
      ctx.addIssue({
        code: 'custom',
        path: ['treatmentId'],
        message: 'Un cupón de producto no lleva tratamiento',
      });
  }
}

/** The fields alone, for the form's field rules (labels, lengths, required). */
export const couponFormSchema = z.strictObject(couponFields);

/** POST /coupon/create (CONTRACT §11). `status` defaults to active. */
export const couponBody = couponFormSchema.superRefine(checkItem);

/**
 * PUT /coupon/{id}/update: the create's body, every field optional. `type`, `treatmentId` and
 * `productId` are accepted (the form sends the whole body) but never change: locked on edit.
 */
export const couponUpdateBody = couponFormSchema.partial();

export const couponQuery = listQuery.extend({
  type: z.enum(COUPON_TYPES, { error: msg.option('Tipo') }).optional(),
  branchId: id('Sucursal').optional(),
});

const couponItem = z.object({ id: z.number().int(), name: z.string() });

export const couponRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  limit: z.number().int(),
  used: z.number().int(),
  /** limit − used (spec 002 §9). */
  remaining: z.number().int(),
  expireDate: z.string(),
  status: z.boolean(),
  discount: z.number(),
  type: z.enum(COUPON_TYPES),
  treatment: couponItem.extend({ price: z.number() }).nullable(),
  product: couponItem.extend({ salePrice: z.number().nullable() }).nullable(),
  /** The item's current price. */
  regularPrice: z.number().nullable(),
  /** regularPrice − regularPrice × discount / 100, to the cent. */
  discountPrice: z.number().nullable(),
  branches: z.array(ref),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type CouponRecord = z.infer<typeof couponRecord>;

/** An order or cash order that used a coupon (spec 002 §3). */
export const couponOrder = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  created_at: z.string(),
  customer: ref.nullable(),
  branch: ref,
  user: ref.nullable(),
});

/** GET /coupons/{id}: the coupon with the orders and cash orders that used it. */
export const couponDetail = couponRecord.extend({
  orders: z.array(couponOrder),
  cashOrders: z.array(couponOrder),
});
export type CouponDetail = z.infer<typeof couponDetail>;
