import { and, asc, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import {
  PRODUCT_UPDATE_PATHS,
  ROLES,
  branchRoutes,
  categoryRoutes,
  productRoutes,
  providerRoutes,
  staffRoutes,
  stockRoutes,
  treatmentRoutes,
  type Privileges,
  type ProductTypeName,
  type RoleKey,
} from '@clinica/domain';
import type { Db } from '../db/client';
import {
  branch,
  kardex,
  product,
  productType,
  provider,
  role,
  stock,
  treatment,
  user,
} from '../db/schema';
import type { Clock } from '../platform/clock';
import type { Context } from '../platform/context';
import { approveProduct, updateProduct } from '../modules/catalogue/product-review';
import { createProduct } from '../modules/catalogue/product.service';
import { providerService } from '../modules/catalogue/provider.service';
import { updateTreatment } from '../modules/catalogue/treatment.service';
import { updateBranch } from '../modules/organization/branch.service';
import { categoryService } from '../modules/organization/category.service';
import { adjustStock } from '../modules/inventory/adjustment.service';
import { updateStaffMember } from '../modules/users/user.service';

/**
 * The demo's history (issue 11): the demo data is inserted in bulk, which leaves the log empty of
 * the changes staff make. These are a few days' worth of real changes, made by the demo staff
 * through the same services the API calls, so Historial and the dashboard's feed show entries with
 * their before and after from the first start.
 */

/** The session of a demo user at their branch, as the guard would read it. */
export async function sessionAs(db: Db, username: string): Promise<Context['session']> {
  const [row] = await db
    .select({
      userId: user.id,
      name: user.name,
      lastName: user.lastName,
      motherLastName: user.motherLastName,
      roleId: role.id,
      roleKey: role.key,
      role: role.role,
      privileges: role.privileges,
      branchId: branch.id,
      branch: branch.name,
    })
    .from(user)
    .innerJoin(role, eq(role.id, user.roleId))
    .innerJoin(kardex, eq(kardex.userId, user.id))
    .innerJoin(branch, eq(branch.id, kardex.branchId))
    .where(eq(user.username, username));
  if (!row) throw new Error(`demo user ${username} missing`);
  const roleKey = row.roleKey as RoleKey;
  return {
    userId: row.userId,
    username,
    fullname: [row.name, row.lastName, row.motherLastName].join(' '),
    roleId: row.roleId,
    roleKey,
    role: row.role,
    privileges: row.privileges as Privileges,
    branchId: row.branchId,
    branch: row.branch,
    branchFixed: ROLES[roleKey]?.branchFixed ?? true,
    quickLogin: false,
    familyId: 'demo-seed',
  };
}

const HOUR = 60 * 60_000;

/** 90 → '01:30'. */
const hoursAndMinutes = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Runs once, right after the demo data fills an empty database. */
export async function seedDemoHistory(db: Db, clock: Clock): Promise<void> {
  const admin = await sessionAs(db, 'admin@clinica.mx');
  const manager = await sessionAs(db, 'gerente@clinica.mx');
  const logistics = await sessionAs(db, 'logistica@clinica.mx');
  const now = clock.now().getTime();
  // Each change at its own moment of the last days, oldest first.
  const at = (hoursAgo: number): Context => ({
    db,
    clock: { now: () => new Date(now - hoursAgo * HOUR) } as Clock,
    session: admin,
  });

  const [firstProvider] = await db
    .select({ id: provider.id, deliveryTime: provider.deliveryTime })
    .from(provider)
    .where(isNull(provider.deletedAt))
    .orderBy(asc(provider.id))
    .limit(1);
  if (firstProvider) {
    await providerService.update(
      at(70),
      firstProvider.id,
      providerRoutes.update.body.parse({
        deliveryTime: firstProvider.deliveryTime === '5 días' ? '3 días' : '5 días',
        contactName: 'Mariana Treviño',
      }),
    );
  }
  const created = await providerService.create(
    at(52),
    providerRoutes.create.body.parse({
      name: 'Insumos Médicos del Noroeste',
      tradename: 'IMN Baja',
      rfc: 'IMN150320AB3',
      regime: 'Moral',
      address: 'Blvd. Agua Caliente 10440',
      city: 'Tijuana',
      state: 'Baja California',
      country: 'México',
      zipCode: '22014',
      email: 'pedidos@imnbaja.mx',
      phone: '6646087700',
      contactName: 'Héctor Salazar',
      mobilePhone: '6641239876',
      payConditions: 15,
      deliveryTime: '2 días',
      bank: 'BBVA',
      clabeAccount: '012028001234567891',
      bankAccount: '0123456789',
    }),
  );

  // A new product category, a supply bought from the new provider, and its approval.
  const newCategory = await categoryService.create(
    at(50),
    categoryRoutes.create.body.parse({ name: 'Gasas y apósitos', type: 'product' }),
  );
  const [supplyType] = await db
    .select({ id: productType.id })
    .from(productType)
    .where(eq(productType.name, 'Insumo' satisfies ProductTypeName));
  if (supplyType) {
    const gauze = await createProduct(
      at(49),
      productRoutes.create.body.parse({
        productTypeId: supplyType.id,
        sku: 'GAS-1010',
        name: 'Gasa estéril 10 × 10 cm',
        brand: 'Protec',
        barCode: '7501234567890',
        description: 'Gasa de algodón estéril para curaciones, sobre individual.',
        contentType: 'Caja',
        content: 100,
        measureUnit: 'pza',
        cost: 185.5,
        tax: 16,
        providersIds: [created.id],
        categoriesIds: [newCategory.id],
      }),
    );
    await approveProduct(
      at(47),
      gauze.id,
      productRoutes.approve.body.parse({ franchiseTax: 8, additionalCostFranchise: 10 }),
    );
  }

  // The supplier raised a price: the first approved product of each type costs a little more.
  const [priced] = await db
    .select({ id: product.id, cost: product.cost, type: productType.name })
    .from(product)
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(and(isNull(product.deletedAt), isNotNull(product.approvedAt)))
    .orderBy(asc(product.id))
    .limit(1);
  if (priced && priced.type in PRODUCT_UPDATE_PATHS) {
    const path = PRODUCT_UPDATE_PATHS[priced.type as ProductTypeName];
    await updateProduct(
      at(30),
      priced.id,
      path,
      productRoutes.update[path].body.parse({
        cost: Math.round(Number(priced.cost) * 1.05 * 100) / 100,
        description: 'Precio de lista actualizado por el proveedor.',
      }),
    );
  }

  // A treatment now takes longer and costs more.
  const [firstTreatment] = await db
    .select({ id: treatment.id, price: treatment.price, minutes: treatment.durationMinutes })
    .from(treatment)
    .where(isNull(treatment.deletedAt))
    .orderBy(asc(treatment.id))
    .limit(1);
  if (firstTreatment) {
    await updateTreatment(
      at(26),
      firstTreatment.id,
      treatmentRoutes.update.body.parse({
        price: Math.round(Number(firstTreatment.price) * 1.1),
        // Half an hour more in the cabin.
        term: hoursAndMinutes(firstTreatment.minutes + 30),
      }),
    );
  }

  // The branch manager opens Zona Río on Saturday afternoons too.
  const [managerBranch] = await db
    .select({ id: branch.id })
    .from(branch)
    .where(eq(branch.id, manager.branchId));
  if (managerBranch) {
    const schedule = [0, 1, 2, 3, 4].map((day) => ({
      day,
      opening: '09:00',
      closing: '20:00',
    }));
    await updateBranch(
      { ...at(20), session: manager },
      managerBranch.id,
      branchRoutes.update.body.parse({
        schedule: [...schedule, { day: 5, opening: '09:00', closing: '18:00' }],
      }),
    );
  }
  // The branch manager moves the medic to the afternoon shift.
  const [medic] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.username, 'medico@clinica.mx'));
  if (medic) {
    await updateStaffMember(
      { ...at(6), session: manager },
      medic.id,
      staffRoutes.update.body.parse({ kardex: { workShift: 'vespertino' } }),
    );
  }
  // Stock adjustments (spec 001 §9): drops with their reasons, and a count that found more.
  const adjustments: {
    hoursAgo: number;
    session: Context['session'];
    branch: string;
    type: 'drop' | 'registration';
    quantity: number;
    justification: string;
  }[] = [
    {
      hoursAgo: 64,
      session: manager,
      branch: manager.branch,
      type: 'drop',
      quantity: 1,
      justification: 'Frasco roto al acomodar el anaquel',
    },
    {
      hoursAgo: 40,
      session: logistics,
      branch: 'Mexicali Centro',
      type: 'drop',
      quantity: 2,
      justification: 'Empaque dañado en el envío; se retiró de venta',
    },
    {
      hoursAgo: 20,
      session: manager,
      branch: manager.branch,
      type: 'registration',
      quantity: 1,
      justification: 'El conteo físico encontró una pieza más',
    },
    {
      hoursAgo: 3,
      session: manager,
      branch: manager.branch,
      type: 'drop',
      quantity: 1,
      justification: 'Muestra abierta para demostración a pacientes',
    },
  ];
  for (const [index, adjustment] of adjustments.entries()) {
    const [lot] = await db
      .select({ id: stock.id, productId: stock.productId, branchId: stock.branchId })
      .from(stock)
      .innerJoin(branch, eq(branch.id, stock.branchId))
      .where(
        and(
          eq(branch.name, adjustment.branch),
          isNull(stock.deletedAt),
          gt(stock.quantity, adjustment.quantity + 1),
        ),
      )
      .orderBy(desc(stock.quantity), asc(stock.id))
      .offset(index % 2);
    if (!lot) continue;
    await adjustStock(
      { ...at(adjustment.hoursAgo), session: adjustment.session },
      stockRoutes.adjustment.body.parse({
        productId: lot.productId,
        branchId: lot.branchId,
        stockId: lot.id,
        quantity: adjustment.quantity,
        type: adjustment.type,
        justification: adjustment.justification,
      }),
    );
  }
}
