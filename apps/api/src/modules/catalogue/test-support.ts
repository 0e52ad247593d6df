import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Executor } from '../../db/client';
import { product, productType } from '../../db/schema';
import type { Answer } from '../../test/harness';

/** What the catalogue's HTTP tests share: real images and multipart uploads as a browser sends them. */

export interface Upload {
  field?: string;
  filename: string;
  bytes: Buffer;
}

/** A small real picture of the given format. */
export async function picture(
  format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png',
  size = 64,
): Promise<Buffer> {
  const image = sharp({
    create: { width: size, height: size, channels: 3, background: { r: 200, g: 120, b: 160 } },
  });
  return image.toFormat(format).toBuffer();
}

/** A PNG just under (or over) 1 MB: random pixels do not compress, so the size is the raw size. */
export async function pictureOfSize(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const raw = Buffer.alloc(side * side * 3);
  for (let index = 0; index < raw.length; index += 1)
    raw[index] = (index * 7919 + (index >> 8) * 104729) % 251;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** POSTs files as multipart/form-data (field `image` unless told). */
export async function upload<T = unknown>(
  app: FastifyInstance,
  url: string,
  token: string,
  files: Upload[],
): Promise<Answer<T>> {
  const boundary = `----catalogo${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from('\r\n'),
  ]);
  const payload = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  const response = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/**
 * A supply product ('Insumo', pending approval) of the test's own, written straight to the database:
 * the demo products are held in stock by the seed, so a test that deletes one needs its own.
 */
export async function insertSupplyProduct(db: Executor, sku: string): Promise<number> {
  const [type] = await db
    .select({ id: productType.id })
    .from(productType)
    .where(eq(productType.name, 'Insumo'));
  const [row] = await db
    .insert(product)
    .values({
      sku,
      name: 'Cubrebocas tricapa',
      brand: 'Marca',
      barCode: '7501234500001',
      description: 'Caja con 50 piezas',
      contentType: 'Caja',
      content: 50,
      measureUnit: 'pza',
      cost: 80,
      tax: 16,
      productTypeId: type!.id,
    })
    .returning({ id: product.id });
  return row!.id;
}
