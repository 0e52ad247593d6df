import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  FINANCIAL_FIELDS,
  expectedFranchisePrice,
  roundMoney,
  type ProductTypeName,
} from '@clinica/domain';
import { thumbnailOf } from '../platform/files';
import type { Executor } from '../db/client';
import * as schema from '../db/schema';
import { APPLIANCES, AREAS, CONSENTS, PRODUCTS, PROVIDERS, TREATMENTS } from './catalogue-data';

/** The demo's treatments offered on the public booking page (CONTRACT §15). */
const ONLINE_TREATMENTS = new Set(['TV-MEDICA', 'TV-COSMET', 'TC-LIMPZ', 'TC-PEELG', 'TX-LASAX']);
import { seedStockDemo } from './stock';

/**
 * Areas and consent documents: reference data every database needs to register treatments, so
 * they are seeded at every start (idempotent), demo or not.
 */
export async function seedCatalogueReference(executor: Executor) {
  const types = await executor.select().from(schema.treatmentType);
  const rows = types.flatMap((type) =>
    Object.entries(AREAS[type.name] ?? {}).flatMap(([place, names]) =>
      names.map((name) => ({ name, place, treatmentTypeId: type.id })),
    ),
  );
  if (rows.length > 0) await executor.insert(schema.area).values(rows).onConflictDoNothing();
  await executor
    .insert(schema.consent)
    .values([...CONSENTS])
    .onConflictDoNothing();
}

const TYPE_COLOURS: Record<string, string> = {
  'Cosmetólogo/Venta': '#f8bbd0',
  'Médico/Venta': '#b3e5fc',
  'Uso Cabina': '#c8e6c9',
  Insumo: '#ffe0b2',
};

/** A small real picture of a product: a bottle on its type's colour, as PNG or WebP. */
async function productPicture(colour: string, format: 'png' | 'webp') {
  const bottle = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240">
    <rect width="240" height="240" fill="${colour}"/>
    <rect x="100" y="30" width="40" height="30" rx="6" fill="#455a64"/>
    <rect x="70" y="60" width="100" height="150" rx="22" fill="#ffffff" stroke="#90a4ae" stroke-width="4"/>
    <rect x="80" y="110" width="80" height="50" rx="8" fill="${colour}"/>
  </svg>`;
  const image = sharp(Buffer.from(bottle));
  const content =
    format === 'png' ? await image.png().toBuffer() : await image.webp({ quality: 85 }).toBuffer();
  return { content, thumbnail: await thumbnailOf(content), contentType: `image/${format}` };
}

const photoName = (format: string) => `${randomBytes(16).toString('hex')}.${format}`;

/** The approver's figures of a demo product: percentages by type, prices by the formula. */
function demoFinancials(type: ProductTypeName, cost: number, tax: number) {
  const applies = new Set(FINANCIAL_FIELDS[type]);
  const values = {
    indirectExpenses: applies.has('indirectExpenses') ? roundMoney(cost * 0.05) : null,
    franchiseTax: 16,
    additionalCostFranchise: type === 'Insumo' ? 5 : 12,
    profitPorcentage: applies.has('profitPorcentage') ? 60 : null,
    salePrice: applies.has('salePrice') ? roundMoney(cost * (1 + tax / 100) * 1.6) : null,
    points: applies.has('points') ? Math.round(cost / 50) : null,
  };
  return { ...values, franchisePrice: expectedFranchisePrice(values, { cost, tax }) };
}

async function seedProducts(
  executor: Executor,
  categories: Map<string, number>,
  providers: number[],
  now: Date,
) {
  const productTypes = new Map(
    (await executor.select().from(schema.productType)).map((type) => [type.name, type.id]),
  );
  const pictures = new Map<string, Awaited<ReturnType<typeof productPicture>>>();
  const ids = new Map<string, number>();
  for (const [index, item] of PRODUCTS.entries()) {
    const format = index % 2 === 0 ? 'png' : 'webp';
    const key = `${item.type}:${format}`;
    if (!pictures.has(key))
      pictures.set(key, await productPicture(TYPE_COLOURS[item.type]!, format));
    const review = item.review ?? 'approved';
    const [row] = await executor
      .insert(schema.product)
      .values({
        sku: item.sku,
        name: item.name,
        brand: item.brand,
        barCode: `750${String(1000000000 + index * 7919).slice(0, 10)}`,
        description: `${item.name} ${item.brand}, presentación de ${item.content} ${item.measureUnit}.`,
        contentType: item.contentType,
        content: item.content,
        measureUnit: item.measureUnit,
        cost: item.cost,
        tax: item.tax,
        productTypeId: productTypes.get(item.type)!,
        ...(review === 'approved'
          ? {
              ...demoFinancials(item.type as ProductTypeName, item.cost, item.tax),
              approvedAt: now,
            }
          : {}),
        ...(review === 'rejected' ? { rejectedAt: now } : {}),
      })
      .returning({ id: schema.product.id });
    ids.set(item.sku, row!.id);
    await executor.insert(schema.productProvider).values(
      item.providers.map((position) => ({
        productId: row!.id,
        providerId: providers[position]!,
      })),
    );
    await executor
      .insert(schema.productCategory)
      .values(
        item.categories.map((name) => ({ productId: row!.id, categoryId: categories.get(name)! })),
      );
    await executor
      .insert(schema.catalogPhoto)
      .values({ ...pictures.get(key)!, name: photoName(format), productId: row!.id });
  }
  return ids;
}

async function seedAppliances(
  executor: Executor,
  treatmentTypes: Map<string, number>,
  branches: (typeof schema.branch.$inferSelect)[],
) {
  const ids = new Map<string, number>();
  for (const item of APPLIANCES) {
    const [row] = await executor
      .insert(schema.appliance)
      .values({
        treatmentTypeId: treatmentTypes.get(item.type)!,
        name: item.name,
        brand: item.brand,
        model: item.model,
        description: item.description,
        status: item.status,
      })
      .returning({ id: schema.appliance.id });
    ids.set(item.name, row!.id);
  }
  // Every clinic has a diode laser, radiofrequency and hydrofacial; the larger ones the rest too.
  const clinics = branches.filter((branch) => !branch.distributionCenter);
  for (const [position, branch] of clinics.entries()) {
    const names = branch.franchise
      ? APPLIANCES.slice(0, 4).filter((item) => item.name !== 'Luz pulsada intensa')
      : APPLIANCES;
    await executor.insert(schema.branchAppliance).values(
      names.map((item, index) => ({
        applianceId: ids.get(item.name)!,
        branchId: branch.id,
        sku: `${branch.code.slice(0, 6)}-${String(index + 1).padStart(3, '0')}`,
        statusDescription: item.status,
        lastMaintenance: `2026-${String(((position + index) % 9) + 1).padStart(2, '0')}-15`,
        comments: item.status === 'Funcionando' ? null : 'Reportado al proveedor para servicio',
      })),
    );
  }
  return ids;
}

async function seedTreatments(
  executor: Executor,
  refs: {
    types: Map<string, number>;
    categories: Map<string, number>;
    products: Map<string, number>;
    appliances: Map<string, number>;
  },
) {
  const areas = await executor.select().from(schema.area);
  const consents = new Map(
    (await executor.select().from(schema.consent)).map((row) => [row.name, row.id]),
  );
  const picture = await productPicture('#d1c4e9', 'png');
  for (const item of TREATMENTS) {
    const typeId = refs.types.get(item.type)!;
    const [row] = await executor
      .insert(schema.treatment)
      .values({
        sku: item.sku,
        name: item.name,
        description: `${item.name}: sesión de ${item.minutes} minutos realizada por personal certificado.`,
        treatmentTypeId: typeId,
        price: item.price,
        medicalFee: item.medicalFee,
        points: item.points,
        durationMinutes: item.minutes,
        assessment: item.type === 'Valoración',
        consent: item.consent !== null,
        consentId: item.consent === null ? null : consents.get(item.consent)!,
        onlineBooking: ONLINE_TREATMENTS.has(item.sku),
      })
      .returning({ id: schema.treatment.id });
    const treatmentId = row!.id;
    await executor
      .insert(schema.treatmentCategory)
      .values(
        item.categories.map((name) => ({ treatmentId, categoryId: refs.categories.get(name)! })),
      );
    const areaIds = areas
      .filter(
        (area) =>
          area.treatmentTypeId === typeId && (item.areas as readonly string[]).includes(area.name),
      )
      .map((area) => area.id);
    if (areaIds.length > 0)
      await executor
        .insert(schema.treatmentArea)
        .values(areaIds.map((areaId) => ({ treatmentId, areaId })));
    if (item.products.length > 0)
      await executor.insert(schema.treatmentProduct).values(
        item.products.map(([sku, quantity]) => ({
          treatmentId,
          productId: refs.products.get(sku)!,
          quantity,
        })),
      );
    if (item.appliances.length > 0)
      await executor
        .insert(schema.treatmentAppliance)
        .values(
          item.appliances.map((name) => ({ treatmentId, applianceId: refs.appliances.get(name)! })),
        );
    await executor
      .insert(schema.catalogPhoto)
      .values({ ...picture, name: photoName('png'), treatmentId });
  }
}

/**
 * The demo chain's catalogue: providers, products of every type with photos (mostly approved, two
 * pending, one rejected), the stock lots of the approved ones, appliances installed at the clinics,
 * and treatments of each type with their areas, consents, appliances and consumed products.
 */
export async function seedCatalogueDemo(
  executor: Executor,
  branches: (typeof schema.branch.$inferSelect)[],
  now: Date = new Date(),
) {
  const categories = new Map(
    (await executor.select().from(schema.category)).map((row) => [row.name, row.id]),
  );
  const types = new Map(
    (await executor.select().from(schema.treatmentType)).map((row) => [row.name, row.id]),
  );
  const providers = await executor
    .insert(schema.provider)
    .values([...PROVIDERS])
    .returning({ id: schema.provider.id });
  const products = await seedProducts(
    executor,
    categories,
    providers.map((row) => row.id),
    now,
  );
  await seedStockDemo(executor, branches, products, now);
  const appliances = await seedAppliances(executor, types, branches);
  await seedTreatments(executor, { types, categories, products, appliances });
}
