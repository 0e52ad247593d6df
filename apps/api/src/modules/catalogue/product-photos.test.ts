import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { picture, pictureOfSize, upload } from './test-support';

type Named = { id: number; name: string };
type Page<T> = { items: T[]; meta: { itemCount: number } };
interface Product {
  id: number;
  sku: string;
  photos: Named[];
}

let t: TestApp;
let admin: string;
let body: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  const types = (await call<Named[]>(t.app, 'GET', '/v1/product-type', { token: admin })).body.data;
  const category = (
    await call<Page<Named>>(t.app, 'GET', '/v1/category', {
      token: admin,
      query: { type: 'product' },
    })
  ).body.data.items[0]!;
  const provider = (await call<Page<Named>>(t.app, 'GET', '/v1/provider', { token: admin })).body
    .data.items[0]!;
  body = {
    productTypeId: types.find((type) => type.name === 'Cosmetólogo/Venta')!.id,
    name: 'Bálsamo labial',
    brand: 'Eucerin',
    barCode: '7501111111111',
    description: 'Bálsamo con FPS 30',
    contentType: 'Pieza',
    content: 4.8,
    measureUnit: 'g',
    cost: 89.9,
    tax: 16,
    providersIds: [provider.id],
    categoriesIds: [category.id],
  };
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
async function newProduct(): Promise<Product> {
  serial += 1;
  return (
    await call<Product>(t.app, 'POST', '/v1/product/create', {
      token: admin,
      body: { ...body, sku: `FOTO-${serial}` },
    })
  ).body.data;
}
const photos = (id: number, files: { filename: string; bytes: Buffer }[], token = admin) =>
  upload<{ id: number; photos: Named[] }>(t.app, `/v1/product/${id}/photos`, token, files);

describe('product photos (spec 001 §5, §9)', () => {
  it('stores several images in one call and serves each by its random name', async () => {
    const product = await newProduct();
    const answer = await photos(product.id, [
      { filename: 'frente.png', bytes: await picture('png') },
      { filename: 'lado.webp', bytes: await picture('webp') },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.data.photos).toHaveLength(2);
    const [png, webp] = answer.body.data.photos;
    expect(png!.name).toMatch(/^[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: `/v1/product/photo/${png!.name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(await picture('png'))).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/product/photo/${webp!.name}` })).headers[
        'content-type'
      ],
    ).toBe('image/webp');
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: `/v1/photo/thumbnail/${png!.name}`,
    });
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const detail = await call<Product>(t.app, 'GET', `/v1/product/${product.id}`, { token: admin });
    expect(detail.body.data.photos.map((photo) => photo.id)).toEqual([png!.id, webp!.id]);
  });

  it('takes at most 3 photos per product in all', async () => {
    const product = await newProduct();
    const two = [
      { filename: 'a.png', bytes: await picture('png') },
      { filename: 'b.jpg', bytes: await picture('jpeg') },
    ];
    expect((await photos(product.id, two)).status).toBe(200);
    const tooMany = await photos(product.id, two);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toEqual([
      { field: 'image', message: 'Un producto admite máximo 3 fotos (tiene 2)' },
    ]);
    expect(
      (await photos(product.id, [{ filename: 'c.gif', bytes: await picture('gif') }])).body.data
        .photos,
    ).toHaveLength(3);
    const four = await photos((await newProduct()).id, [...two, ...two]);
    expect(four.body.details).toEqual([
      { field: 'image', message: 'Un producto admite máximo 3 fotos (tiene 0)' },
    ]);
  });

  it('answers 400 code 6 when the request holds no image', async () => {
    const product = await newProduct();
    const answer = await photos(product.id, []);
    expect(answer.body).toMatchObject({
      statusCode: 400,
      code: 6,
      message: 'No hay imágenes para procesar',
    });
  });

  it('checks each image under 1 MB and by its content, not its name', async () => {
    const product = await newProduct();
    const large = await pictureOfSize(1_100_000);
    expect(large.length).toBeGreaterThan(1_048_576);
    expect(
      (await photos(product.id, [{ filename: 'grande.png', bytes: large }])).body.details,
    ).toEqual([{ field: 'image', message: 'La imagen debe pesar menos de 1 MB' }]);
    const fake = Buffer.from('esto no es una imagen, solo texto con nombre de png');
    expect(
      (await photos(product.id, [{ filename: 'falsa.png', bytes: fake }])).body.details,
    ).toEqual([{ field: 'image', message: 'La imagen debe ser png, jpg, jpeg, webp o gif' }]);
    const pdf = await picture('png');
    expect((await photos(product.id, [{ filename: 'foto.pdf', bytes: pdf }])).status).toBe(400);
    // A broken file with a PNG signature only looks like an image.
    const broken = Buffer.concat([pdf.subarray(0, 16), Buffer.alloc(64, 1)]);
    expect(
      (await photos(product.id, [{ filename: 'rota.png', bytes: broken }])).body.details,
    ).toEqual([{ field: 'image', message: 'El archivo no es una imagen válida' }]);
    expect(
      (await call<Product>(t.app, 'GET', `/v1/product/${product.id}`, { token: admin })).body.data
        .photos,
    ).toEqual([]);
    const nearLimit = await pictureOfSize(1_000_000);
    expect((await photos(product.id, [{ filename: 'limite.png', bytes: nearLimit }])).status).toBe(
      200,
    );
  });

  it('deletes a photo by its id (404 code 15 afterwards), or through removedPhotosIds on update', async () => {
    const product = await newProduct();
    const stored = (
      await photos(product.id, [
        { filename: 'a.png', bytes: await picture('png') },
        { filename: 'b.png', bytes: await picture('png') },
      ])
    ).body.data.photos;
    expect(
      (await call(t.app, 'DELETE', `/v1/product/photo/${stored[0]!.id}/delete`, { token: admin }))
        .status,
    ).toBe(200);
    expect(
      (await call(t.app, 'DELETE', `/v1/product/photo/${stored[0]!.id}/delete`, { token: admin }))
        .body,
    ).toMatchObject({ statusCode: 404, code: 15 });
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/product/photo/${stored[0]!.name}` })).json(),
    ).toMatchObject({ statusCode: 404, code: 15 });
    const path = `/v1/product/${product.id}/update-cosmetic-product`;
    expect(
      (await call(t.app, 'PUT', path, { token: admin, body: { removedPhotosIds: [9999] } })).body,
    ).toMatchObject({ statusCode: 404, code: 15 });
    const updated = await call<Product>(t.app, 'PUT', path, {
      token: admin,
      body: { removedPhotosIds: [stored[1]!.id] },
    });
    expect(updated.body.data.photos).toEqual([]);
  });

  it('serves only names of the random shape, and needs the edit privilege to upload', async () => {
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/v1/product/photo/..%2F..%2Fetc%2Fpasswd' })
      ).json(),
    ).toMatchObject({ statusCode: 404, code: 15 });
    const product = await newProduct();
    const medic = (await signInAs(t.app, 'medic')).token;
    expect(
      (await photos(product.id, [{ filename: 'a.png', bytes: await picture('png') }], medic))
        .status,
    ).toBe(403);
    expect(
      (await photos(999999, [{ filename: 'a.png', bytes: await picture('png') }])).body,
    ).toMatchObject({ statusCode: 404, code: 13 });
  });
});
