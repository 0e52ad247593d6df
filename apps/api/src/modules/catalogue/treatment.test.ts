import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { category, treatment, treatmentCategory } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import {
  expectNoUpdateAfterDelete,
  expectOneOfConcurrentDeletes,
  onPostgres,
} from '../../test/races';
import { newCategory, uniqueKey } from '../../test/factories';
import { insertSupplyProduct, picture, upload } from './test-support';

interface Treatment {
  id: number;
  sku: string;
  name: string;
  treatmentType: { id: number; name: string };
  categories: { id: number; name: string }[];
  areas: { id: number; name: string; place: string }[];
  appliances: { id: number; name: string }[];
  photo: { id: number; name: string } | null;
  price: number;
  medicalFee: number | null;
  term: string;
  termLabel: string;
  assessment: number;
  consent: number;
  consentId: number | null;
  treatmentConsent: { id: number; name: string } | null;
  active: number;
  treatmentProduct: { productId: number; quantity: number; product: { sku: string } }[];
}
type Page<T> = { items: T[]; meta: { itemCount: number } };
type Named = { id: number; name: string };

let t: TestApp;
let admin: string;
const ids = { types: new Map<string, number>() };
let areasByType: Map<number, Named[]>;
/** The file's own: a treatment category, supply products, and the first consent document. */
let ownCategory: Named;
let consent: Named;
const products = {} as Record<'vial' | 'syringe' | 'gauze', { id: number; sku: string }>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  const get = async <T>(url: string, query?: Record<string, string>) =>
    (await call<T>(t.app, 'GET', url, { token: admin, query })).body.data;
  for (const type of await get<Named[]>('/v1/treatment-type')) ids.types.set(type.name, type.id);
  ownCategory = await newCategory(t.app, admin, 'Inyectables');
  consent = (await get<Named[]>('/v1/consent')).sort((a, b) => a.id - b.id)[0]!;
  for (const key of ['vial', 'syringe', 'gauze'] as const) {
    const sku = uniqueKey('TRP');
    products[key] = { id: await insertSupplyProduct(t.app.db, sku), sku };
  }
  areasByType = new Map();
  for (const typeId of ids.types.values())
    areasByType.set(typeId, await get<Named[]>('/v1/area', { treatmentTypeId: String(typeId) }));
});
afterAll(async () => {
  await t.close();
});

const medical = () => ({
  sku: 'TX-NEW1',
  name: 'Toxina tercio medio',
  description: 'Aplicación de toxina en el tercio medio',
  treatmentTypeId: ids.types.get('Médico'),
  categoriesIds: [ownCategory.id],
  areasIds: [areasByType.get(ids.types.get('Médico')!)![0]!.id],
  price: 3800.5,
  medicalFee: 760,
  points: 38,
  term: '01:30',
  assessment: 0,
  consent: 1,
  consentId: consent.id,
  treatmentProduct: [{ productId: products.vial.id, quantity: 1 }],
});
const create = (body: Record<string, unknown>) =>
  call<Treatment>(t.app, 'POST', '/v1/treatment/create', { token: admin, body });
const update = (id: number, body: Record<string, unknown>) =>
  call<Treatment>(t.app, 'PUT', `/v1/treatment/${id}/update`, { token: admin, body });

describe('treatments (spec 001 §3–§5)', () => {
  it('creates an active treatment with its areas, consent and consumed products', async () => {
    const answer = await create({ ...medical(), active: 0 });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      sku: 'TX-NEW1',
      active: 1,
      consent: 1,
      assessment: 0,
      term: '01:30',
      termLabel: '1 h 30 min',
      price: 3800.5,
      medicalFee: 760,
      treatmentConsent: { id: consent.id, name: consent.name },
      treatmentProduct: [{ quantity: 1, product: { sku: products.vial.sku } }],
      categories: [{ id: ownCategory.id, name: ownCategory.name }],
    });
    expect(answer.body.data.areas).toHaveLength(1);
  });

  it('requires the commission (medicalFee) when the type is Médico', async () => {
    const answer = await create({ ...medical(), sku: 'TX-NOFEE', medicalFee: null });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'medicalFee', message: 'El campo Comisión es obligatorio' },
    ]);
  });

  it('requires areas unless the type is Valoración', async () => {
    const cosmetic = {
      ...medical(),
      sku: 'TC-NOAREA',
      treatmentTypeId: ids.types.get('Cosmetóloga'),
      medicalFee: null,
      areasIds: [],
      consent: 0,
      consentId: null,
    };
    expect((await create(cosmetic)).body.details).toEqual([
      { field: 'areasIds', message: 'El campo Áreas es obligatorio' },
    ]);
    const assessment = await create({
      ...cosmetic,
      sku: 'TV-NEW1',
      treatmentTypeId: ids.types.get('Valoración'),
      assessment: 1,
      treatmentProduct: [],
    });
    expect(assessment.status).toBe(201);
    expect(assessment.body.data).toMatchObject({ areas: [], assessment: 1, medicalFee: null });
  });

  it('answers 404 code 28 for areas that do not exist, and 400 for areas of another type', async () => {
    expect((await create({ ...medical(), sku: 'TX-AREA1', areasIds: [99999] })).body).toMatchObject(
      { statusCode: 404, code: 28 },
    );
    const cosmeticArea = areasByType.get(ids.types.get('Cosmetóloga')!)![0]!.id;
    expect(
      (await create({ ...medical(), sku: 'TX-AREA2', areasIds: [cosmeticArea] })).body.details,
    ).toEqual([{ field: 'areasIds', message: 'Las áreas no corresponden al tipo de tratamiento' }]);
  });

  it('requires the consent selection when consent is on', async () => {
    const answer = await create({ ...medical(), sku: 'TX-CONS', consentId: null });
    expect(answer.body.details).toEqual([
      { field: 'consentId', message: 'El campo Consentimiento es obligatorio' },
    ]);
  });

  it('checks SKU 4 to 10, name up to 80, duration in 30-minute steps and 1/0 switches', async () => {
    const answer = await create({
      ...medical(),
      sku: 'TX1',
      name: 'x'.repeat(81),
      term: '00:45',
      consent: 'si',
    });
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: 'sku', message: 'El campo SKU requiere mínimo 4 caracteres' },
        { field: 'name', message: 'El campo Nombre admite máximo 80 caracteres' },
        { field: 'term', message: 'El campo Duración va en pasos de 30 minutos' },
        { field: 'consent', message: 'El campo Consentimiento debe ser verdadero o falso' },
      ]),
    );
    expect((await create({ ...medical(), sku: 'TX-ABCDEFGH' })).body.details).toEqual([
      { field: 'sku', message: 'El campo SKU admite máximo 10 caracteres' },
    ]);
  });

  it('requires type, description, categories, price, points and duration', async () => {
    const answer = await create({ sku: 'TX-EMPTY', name: 'Vacío' });
    const fields = answer.body.details!.map((detail) => detail.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'treatmentTypeId',
        'description',
        'categoriesIds',
        'price',
        'points',
        'term',
      ]),
    );
  });

  it('refuses a SKU in use (400 code 3) and categories of products', async () => {
    expect((await create({ ...medical(), sku: 'TX-TAKEN' })).status).toBe(201);
    expect((await create({ ...medical(), sku: 'tx-taken' })).body).toMatchObject({
      statusCode: 400,
      code: 3,
    });
    const productCategory = (
      await call<Page<Named>>(t.app, 'GET', '/v1/category', {
        token: admin,
        query: { type: 'product' },
      })
    ).body.data.items[0]!.id;
    expect(
      (await create({ ...medical(), sku: 'TX-CAT', categoriesIds: [productCategory] })).body
        .details,
    ).toEqual([
      { field: 'categoriesIds', message: 'Alguna categoría no existe o no es de tratamiento' },
    ]);
  });

  it('keeps the SKU on edit, toggles active, and clears the consent when it is switched off', async () => {
    const created = (await create({ ...medical(), sku: 'TX-EDIT' })).body.data;
    const edited = await update(created.id, {
      sku: 'TX-OTHER',
      active: 0,
      consent: 0,
      price: 4000,
      term: '02:00',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      sku: 'TX-EDIT',
      active: 0,
      consent: 0,
      consentId: null,
      price: 4000,
      term: '02:00',
      termLabel: '2 h',
    });
    expect(edited.body.data.treatmentProduct).toHaveLength(1);
    const inactive = await call<Page<Treatment>>(t.app, 'GET', '/v1/treatment', {
      token: admin,
      query: { status: '0' },
    });
    expect(inactive.body.data.items.map((item) => item.id)).toEqual([created.id]);
    expect((await update(created.id, { medicalFee: null })).body.details).toEqual([
      { field: 'medicalFee', message: 'El campo Comisión es obligatorio' },
    ]);
  });

  it('searches by name, price or SKU and filters by treatment type', async () => {
    const list = (query: Record<string, string>) =>
      call<Page<Treatment>>(t.app, 'GET', '/v1/treatment', {
        token: admin,
        query: { take: '100', ...query },
      });
    // Three of the file's own: a name, a price and a SKU prefix nothing else has.
    const made = async (body: Record<string, unknown>) => {
      const answer = await create({ ...medical(), ...body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.data.sku;
    };
    const named = await made({ sku: 'TQ-BUSCA1', name: 'Radiofrecuencia fabril', price: 1200 });
    const priced = await made({ sku: 'TQ-BUSCA2', price: 6513.37 });
    expect(
      (await list({ search: 'radiofrecuencia fabril' })).body.data.items.map((item) => item.sku),
    ).toEqual([named]);
    expect(
      (
        await list({ search: JSON.stringify({ field: 'price', value: '6513.37' }) })
      ).body.data.items.map((item) => item.sku),
    ).toEqual([priced]);
    expect(
      (await list({ search: JSON.stringify({ field: 'sku', value: 'tq-busca' }) })).body.data.items
        .map((item) => item.sku)
        .sort(),
    ).toEqual([named, priced]);
    const assessments = await list({ treatmentTypeId: String(ids.types.get('Valoración')) });
    expect(
      assessments.body.data.items.every((item) => item.treatmentType.name === 'Valoración'),
    ).toBe(true);
  });

  it('stores one photo, replaces it, and serves its thumbnail publicly', async () => {
    const created = (await create({ ...medical(), sku: 'TX-PHOTO' })).body.data;
    const first = await upload<{ photo: Named }>(
      t.app,
      `/v1/treatment/${created.id}/photo`,
      admin,
      [{ filename: 'foto.png', bytes: await picture('png') }],
    );
    expect(first.status).toBe(200);
    const second = await upload<{ photo: Named }>(
      t.app,
      `/v1/treatment/${created.id}/photo`,
      admin,
      [{ filename: 'foto.jpg', bytes: await picture('jpeg') }],
    );
    expect(second.body.data.photo.name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(
      (await call<Treatment>(t.app, 'GET', `/v1/treatment/${created.id}`, { token: admin })).body
        .data.photo?.name,
    ).toBe(second.body.data.photo.name);
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: `/v1/photo/thumbnail/${second.body.data.photo.name}`,
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const old = await t.app.inject({
      method: 'GET',
      url: `/v1/photo/thumbnail/${first.body.data.photo.name}`,
    });
    expect(old.json()).toMatchObject({ statusCode: 404, code: 15 });
    const two = await upload(t.app, `/v1/treatment/${created.id}/photo`, admin, [
      { filename: 'a.png', bytes: await picture('png') },
      { filename: 'b.png', bytes: await picture('png') },
    ]);
    expect(two.body.details).toEqual([
      { field: 'image', message: 'Un tratamiento admite una sola foto' },
    ]);
    expect(
      (await upload(t.app, `/v1/treatment/${created.id}/photo`, admin, [])).body,
    ).toMatchObject({ statusCode: 400, code: 6 });
  });

  it('soft-deletes (404 code 2 afterwards) and is read-only for a medic', async () => {
    const created = (await create({ ...medical(), sku: 'TX-DEL' })).body.data;
    const medic = (await signInAs(t.app, 'medic')).token;
    expect((await call(t.app, 'GET', `/v1/treatment/${created.id}`, { token: medic })).status).toBe(
      200,
    );
    expect(
      (await call(t.app, 'POST', `/v1/treatment/${created.id}/delete`, { token: medic })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', `/v1/treatment/${created.id}/delete`, { token: admin })).status,
    ).toBe(200);
    expect(
      (await call(t.app, 'GET', `/v1/treatment/${created.id}`, { token: admin })).body,
    ).toMatchObject({ statusCode: 404, code: 2 });
  });
});

describe('consumed products and appliances (spec 001 §3)', () => {
  const lines = (...pairs: [number, number][]) =>
    pairs.map(([id, quantity]) => ({ productId: id, quantity }));

  it('refuses a product repeated across treatmentProduct lines', async () => {
    const toxin = products.vial.id;
    const answer = await create({
      ...medical(),
      sku: 'TX-REP1',
      treatmentProduct: lines([toxin, 1], [products.syringe.id, 2], [toxin, 3]),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'treatmentProduct.2.productId', message: 'El producto está repetido' },
    ]);
  });

  it('refuses a product that does not exist, on create and on edit', async () => {
    const unknown = await create({
      ...medical(),
      sku: 'TX-UNK1',
      treatmentProduct: lines([products.vial.id, 1], [999999, 1]),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([
      { field: 'treatmentProduct', message: 'Algún producto no existe' },
    ]);
    const created = (await create({ ...medical(), sku: 'TX-UNK2' })).body.data;
    const edited = await update(created.id, { treatmentProduct: lines([999999, 2]) });
    expect(edited.body.details).toEqual([
      { field: 'treatmentProduct', message: 'Algún producto no existe' },
    ]);
  });

  it('asks a whole quantity of at least 1 per line', async () => {
    const answer = await create({
      ...medical(),
      sku: 'TX-QTY1',
      treatmentProduct: lines([products.vial.id, 0], [products.gauze.id, 1.5]),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      {
        field: 'treatmentProduct.0.quantity',
        message: 'El campo Cantidad debe ser mayor o igual a 1',
      },
      {
        field: 'treatmentProduct.1.quantity',
        message: 'El campo Cantidad debe ser un número entero',
      },
    ]);
  });

  it('refuses appliances that do not exist, and links the ones that do', async () => {
    const appliances = (
      await call<Page<Named>>(t.app, 'GET', '/v1/appliance', {
        token: admin,
        query: { take: '100' },
      })
    ).body.data.items;
    const unknown = await create({
      ...medical(),
      sku: 'TX-APL1',
      applianceIds: [appliances[0]!.id, 999999],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([
      { field: 'applianceIds', message: 'Algún aparato no existe' },
    ]);
    const linked = await create({
      ...medical(),
      sku: 'TX-APL2',
      applianceIds: [appliances[0]!.id, appliances[0]!.id],
    });
    expect(linked.status).toBe(201);
    expect(linked.body.data.appliances.map((appliance) => appliance.id)).toEqual([
      appliances[0]!.id,
    ]);
  });
});

describe('lookups and categories tied to treatments', () => {
  it('lists the areas of a treatment type (404 code 9 for an unknown type) and the consents with their text', async () => {
    expect(areasByType.get(ids.types.get('Valoración')!)).toEqual([]);
    expect(areasByType.get(ids.types.get('Médico')!)!.map((area) => area.name)).toContain(
      'Entrecejo',
    );
    expect(
      (await call(t.app, 'GET', '/v1/area', { token: admin, query: { treatmentTypeId: '999' } }))
        .body,
    ).toMatchObject({ statusCode: 404, code: 9 });
    const consents = await call<{ name: string; text: string }[]>(t.app, 'GET', '/v1/consent', {
      token: admin,
    });
    expect(consents.body.data.map((consent) => consent.name)).toEqual(
      expect.arrayContaining([
        'Toxina botulínica',
        'Rellenos dérmicos',
        'Depilación láser',
        'Peeling químico',
      ]),
    );
    expect(consents.body.data[0]!.text).toContain('consentimiento libre e informado');
  });

  it('does not delete a category tied to a treatment (404 code 34), and does once it is free', async () => {
    const category = await call<Named>(t.app, 'POST', '/v1/category/create', {
      token: admin,
      body: { name: 'Mesoterapia capilar', type: 'treatment' },
    });
    const treatment = (
      await create({ ...medical(), sku: 'TX-MESO', categoriesIds: [category.body.data.id] })
    ).body.data;
    const refused = await call(t.app, 'POST', `/v1/category/${category.body.data.id}/delete`, {
      token: admin,
    });
    expect(refused.body).toMatchObject({
      statusCode: 404,
      code: 34,
      message: 'No se puede eliminar una categoría ligada a un tratamiento o paquete',
    });
    await call(t.app, 'POST', `/v1/treatment/${treatment.id}/delete`, { token: admin });
    expect(
      (await call(t.app, 'POST', `/v1/category/${category.body.data.id}/delete`, { token: admin }))
        .status,
    ).toBe(200);
  });
});

describe.skipIf(!onPostgres)('treatments under concurrent writes (PostgreSQL)', () => {
  let serial = 0;
  const sku = () => `TXR${String((serial += 1)).padStart(4, '0')}`;
  const target = async () => ({
    path: 'treatment',
    id: (await create({ ...medical(), sku: sku() })).body.data.id,
    module: 'treatments',
    notFound: 2,
  });

  it('of 20 concurrent deletes one succeeds and writes one entry; the rest are 404', async () => {
    await expectOneOfConcurrentDeletes(t.app, admin, await target());
  });

  it('an update racing the delete never lands on the deleted treatment', async () => {
    await expectNoUpdateAfterDelete(t.app, admin, await target(), { name: 'Otro nombre' });
  });

  /** Live treatments tied to a deleted category: what the two writes together must never leave. */
  const tiedToDeleted = (categoryId: number) =>
    t.app.db
      .select({ id: treatment.id })
      .from(treatmentCategory)
      .innerJoin(treatment, eq(treatment.id, treatmentCategory.treatmentId))
      .innerJoin(category, eq(category.id, treatmentCategory.categoryId))
      .where(
        and(
          eq(treatmentCategory.categoryId, categoryId),
          isNull(treatment.deletedAt),
          isNotNull(category.deletedAt),
        ),
      );

  it('never leaves a live treatment tied to a category deleted while treatments are created with it', async () => {
    const created = await call<Named>(t.app, 'POST', '/v1/category/create', {
      token: admin,
      body: { name: `Carrera ${Math.random()}`, type: 'treatment' },
    });
    const categoryId = created.body.data.id;
    const creates = Array.from({ length: 30 }, () =>
      create({ ...medical(), sku: sku(), categoriesIds: [categoryId] }),
    );
    // The delete goes in among the creates, as a user deletes while others save.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const deleted = await call(t.app, 'DELETE', `/v1/category/${categoryId}/delete`, {
      token: admin,
    });
    const answers = await Promise.all(creates);
    for (const answer of answers) expect([201, 400]).toContain(answer.status);
    const tied = await tiedToDeleted(categoryId);
    expect(tied).toEqual([]);
    if (deleted.status === 200) {
      // Deleted first: every create after it found the category gone.
      expect(answers.filter((answer) => answer.status === 201)).toEqual([]);
    } else {
      expect(deleted.body).toMatchObject({ statusCode: 404, code: 34 });
      expect(answers.some((answer) => answer.status === 201)).toBe(true);
    }
  });

  it('a create that reaches a category while its delete holds it waits, then finds it gone', async () => {
    const created = await call<Named>(t.app, 'POST', '/v1/category/create', {
      token: admin,
      body: { name: `Carrera ${Math.random()}`, type: 'treatment' },
    });
    const categoryId = created.body.data.id;
    let pending: ReturnType<typeof create> | undefined;
    // The delete's steps, held open: the category locked FOR UPDATE, then soft-deleted.
    await t.app.db.transaction(async (tx) => {
      await tx
        .select({ id: category.id })
        .from(category)
        .where(eq(category.id, categoryId))
        .for('update');
      pending = create({ ...medical(), sku: sku(), categoriesIds: [categoryId] });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const now = new Date();
      await tx
        .update(category)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(category.id, categoryId));
    });
    const answer = await pending!;
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'categoriesIds', message: 'Alguna categoría no existe o no es de tratamiento' },
    ]);
    expect(await tiedToDeleted(categoryId)).toEqual([]);
  });
});
