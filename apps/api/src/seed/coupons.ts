import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { COUPON_PRODUCT_TYPE, couponBody, localDay } from '@clinica/domain';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import type { Clock } from '../platform/clock';
import type { Context } from '../platform/context';
import { sessionAs } from './demo-history';
import { createCoupon, updateCoupon } from '../modules/coupons/coupon.service';
import { redeemCoupon } from '../modules/coupons/redeem';

/**
 * The demo's coupons (issue 14), created by the administrator through the coupon service and
 * used through `redeemCoupon`, the function the sales will call, so every `used` count is the
 * number of real rows in `coupon_use`: one fresh, two partly used, one used up, one expired after
 * being used while it ran, and one switched off.
 *
 * The uses name the demo customers 1 to 30 (`coupon_use.customer_id` is a foreign key: the
 * customers' seed runs first); the demo's orders use the coupons again through the sale.
 */

const DAY = 86_400_000;

export async function seedCouponsDemo(tx: Tx, now: Date): Promise<void> {
  const clinics = await tx
    .select({ id: schema.branch.id, name: schema.branch.name, zone: schema.branch.zone })
    .from(schema.branch)
    .where(and(eq(schema.branch.distributionCenter, false), isNull(schema.branch.deletedAt)))
    .orderBy(asc(schema.branch.id));
  const treatments = await tx
    .select({ id: schema.treatment.id })
    .from(schema.treatment)
    .where(and(eq(schema.treatment.active, true), isNull(schema.treatment.deletedAt)))
    .orderBy(asc(schema.treatment.id))
    .limit(3);
  const [saleProduct] = await tx
    .select({ id: schema.product.id })
    .from(schema.product)
    .innerJoin(schema.productType, eq(schema.productType.id, schema.product.productTypeId))
    .where(
      and(
        eq(schema.productType.name, COUPON_PRODUCT_TYPE),
        eq(schema.product.status, true),
        isNotNull(schema.product.approvedAt),
        isNotNull(schema.product.salePrice),
        isNull(schema.product.deletedAt),
      ),
    )
    .orderBy(asc(schema.product.id))
    .limit(1);
  if (clinics.length < 2 || treatments.length < 3 || !saleProduct) return;

  const admin = await sessionAs(tx as unknown as Db, 'admin@clinica.mx');
  const as = (daysAgo: number): Context => ({
    db: tx as unknown as Db,
    clock: { now: () => new Date(now.getTime() - daysAgo * DAY) } as Clock,
    session: admin,
  });
  const zone = clinics[0]!.zone;
  const inDays = (days: number) => localDay(new Date(now.getTime() + days * DAY), zone);
  const all = clinics.map((clinic) => clinic.id);
  const first = clinics[0]!.id;
  const second = clinics[1]!.id;

  /** `count` uses by demo customers, spread over the days before `untilDaysAgo`. */
  const use = async (couponId: number, count: number, branchIds: number[], untilDaysAgo = 0) => {
    for (let index = 0; index < count; index += 1) {
      await redeemCoupon(tx, {
        couponId,
        customerId: index + 1,
        branchId: branchIds[index % branchIds.length]!,
        at: new Date(now.getTime() - (untilDaysAgo + (count - index) * 0.7) * DAY),
      });
    }
  };

  const welcome = await createCoupon(
    as(40),
    couponBody.parse({
      code: 'BIENVENIDA10',
      name: 'Bienvenida a la clínica',
      description: 'Diez por ciento en el primer tratamiento de un cliente nuevo.',
      branchesIds: all,
      limit: 100,
      type: 'Treatment',
      treatmentId: treatments[0]!.id,
      discount: 10,
      expireDate: inDays(90),
    }),
  );
  await use(welcome.id, 12, all);

  const facial = await createCoupon(
    as(30),
    couponBody.parse({
      code: 'BUENFIN15',
      name: 'Buen Fin',
      description: 'Quince por ciento durante el Buen Fin en Zona Río y Playas.',
      branchesIds: [first, second],
      limit: 30,
      type: 'Treatment',
      treatmentId: treatments[1]!.id,
      discount: 15,
      expireDate: inDays(20),
    }),
  );
  await use(facial.id, 7, [first, second]);

  const cream = await createCoupon(
    as(25),
    couponBody.parse({
      code: 'CREMA20',
      name: 'Veinte en productos de venta',
      description: 'Veinte por ciento en el producto de cuidado en casa.',
      branchesIds: [first],
      limit: 5,
      type: 'Product',
      productId: saleProduct.id,
      discount: 20,
      expireDate: inDays(45),
    }),
  );
  await use(cream.id, 5, [first]);

  const summer = await createCoupon(
    as(60),
    couponBody.parse({
      code: 'VERANO25',
      name: 'Verano 2026',
      description: 'Promoción de verano, ya vencida.',
      branchesIds: all,
      limit: 50,
      type: 'Treatment',
      treatmentId: treatments[2]!.id,
      discount: 25,
      expireDate: inDays(-10),
    }),
  );
  await use(summer.id, 9, all, 11);

  await createCoupon(
    as(5),
    couponBody.parse({
      code: 'ANIVERSARIO',
      name: 'Aniversario de la cadena',
      description: 'Listo para el aniversario; se activa el día del evento.',
      branchesIds: all,
      limit: 200,
      type: 'Treatment',
      treatmentId: treatments[0]!.id,
      discount: 30,
      expireDate: inDays(120),
    }),
  );
  const off = await createCoupon(
    as(20),
    couponBody.parse({
      code: 'PRUEBA-INT',
      name: 'Prueba interna',
      description: 'Cupón de capacitación del personal, desactivado.',
      branchesIds: [second],
      limit: 10,
      type: 'Treatment',
      treatmentId: treatments[1]!.id,
      discount: 50,
      expireDate: inDays(30),
    }),
  );
  await updateCoupon(as(18), off.id, { status: false });
}
