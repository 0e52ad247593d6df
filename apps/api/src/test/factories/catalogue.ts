import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { product, productType } from '../../db/schema';
import { call } from '../harness';

/**
 * Factories of the catalogue's records. A supply product pending approval, written to the table:
 * `insertSupplyProduct` (modules/catalogue/test-support.ts).
 */

export interface ProviderRecord {
  id: number;
  name: string;
  payConditions: number;
  rfc: string;
}

let providers = 0;
const two = (value: number) => String(value).padStart(2, '0');
/** A valid company RFC (three letters, a date, three characters), a different date per provider. */
const rfcFor = (serial: number) => {
  const day = (process.pid * 7 + serial) % 336;
  return `FAB20${two(1 + (day % 12))}${two(1 + Math.floor(day / 12))}AB1`;
};

/** A new provider through POST /provider/create (30 days' credit unless said); answers it. */
export async function newProvider(
  app: FastifyInstance,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<ProviderRecord> {
  providers += 1;
  const serial = `${two(process.pid % 100)}${two(providers % 100)}`;
  const answer = await call<ProviderRecord>(app, 'POST', '/v1/provider/create', {
    token,
    body: {
      name: `Fabrilab ${serial} del Pacífico`,
      tradename: `Fábrica ${serial}`,
      rfc: rfcFor(providers),
      regime: 'Moral',
      phone: '(664)123-4567',
      contactName: 'Julia Soto',
      mobilePhone: '664 765 4321',
      payConditions: 30,
      clabeAccount: '012180001234567891',
      ...overrides,
    },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data;
}

export interface CatalogueProduct {
  id: number;
  sku: string;
  name: string;
  tax: number;
  cost: number;
}

/**
 * An approved live product of the catalogue of that type ('Médico/Venta', 'Cosmetólogo/Venta',
 * 'Insumo'), the first by id: the catalogue read by a property, never a product named by its SKU.
 */
export async function catalogueProduct(
  app: FastifyInstance,
  type: string,
): Promise<CatalogueProduct> {
  const [row] = await app.db
    .select({
      id: product.id,
      sku: product.sku,
      name: product.name,
      tax: product.tax,
      cost: product.cost,
    })
    .from(product)
    .innerJoin(productType, eq(productType.id, product.productTypeId))
    .where(
      and(eq(productType.name, type), isNotNull(product.approvedAt), isNull(product.deletedAt)),
    )
    .orderBy(asc(product.id))
    .limit(1);
  if (!row) throw new Error(`El catálogo no tiene un producto aprobado de tipo ${type}`);
  return row;
}

let serials = 0;
/** A key unique to this process and call, `prefix` first, at most 10 characters. */
export const uniqueKey = (prefix: string) =>
  `${prefix}${String(process.pid % 1000).padStart(3, '0')}${String((serials += 1) % 10_000)}`;

/** A treatment category of the test's own through POST /category/create; its id and name. */
export async function newCategory(
  app: FastifyInstance,
  token: string,
  name: string,
): Promise<{ id: number; name: string }> {
  const answer = await call<{ id: number; name: string }>(app, 'POST', '/v1/category/create', {
    token,
    body: { name: `${name} ${uniqueKey('')}`, type: 'treatment' },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return { id: answer.body.data.id, name: answer.body.data.name };
}

export interface TreatmentRecipe {
  name: string;
  /** The treatment type's name ('Médico', 'Cosmetóloga', 'Valoración'). */
  type: string;
  /** 'HH:mm', in 30-minute steps. */
  term: string;
  categoriesIds: number[];
  areasIds?: number[];
  applianceIds?: number[];
  medicalFee?: number;
  consentId?: number;
  treatmentProduct?: { productId: number; quantity: number }[];
}

/** A treatment of the test's own through POST /treatment/create (active, priced); its id and SKU. */
export async function newTreatment(
  app: FastifyInstance,
  token: string,
  recipe: TreatmentRecipe,
): Promise<{ id: number; sku: string }> {
  const types = await call<{ id: number; name: string }[]>(app, 'GET', '/v1/treatment-type', {
    token,
  });
  const { type, consentId, ...rest } = recipe;
  const sku = uniqueKey('TF');
  const answer = await call<{ id: number }>(app, 'POST', '/v1/treatment/create', {
    token,
    body: {
      sku,
      description: 'Tratamiento de prueba',
      treatmentTypeId: types.body.data.find((entry) => entry.name === type)!.id,
      price: 1500,
      points: 10,
      ...(consentId ? { consent: 1, consentId } : {}),
      ...rest,
    },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return { id: answer.body.data.id, sku };
}

/**
 * An appliance of the test's own (of the treatment type `typeId`) with one working unit at the
 * branch, through POST /appliance/create and POST /branch-appliance/create; the appliance's id.
 */
export async function newApplianceAt(
  app: FastifyInstance,
  token: string,
  typeId: number,
  branchId: number,
) {
  const made = await call<{ id: number }>(app, 'POST', '/v1/appliance/create', {
    token,
    body: { typeId, name: `Láser ${uniqueKey('')}`, brand: 'Fabrilux', model: 'FX-1' },
  });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  const unit = await call(app, 'POST', '/v1/branch-appliance/create', {
    token,
    body: {
      applianceId: made.body.data.id,
      branchId,
      sku: uniqueKey('AP'),
      statusDescription: 'Funcionando',
      status: 1,
    },
  });
  if (unit.status !== 201) throw new Error(JSON.stringify(unit.body));
  return made.body.data.id;
}
