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
