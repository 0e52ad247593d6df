import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { user } from '../db/schema';
import { picture, upload } from '../modules/catalogue/test-support';
import { call, createTestApp, signInAs, type TestApp } from '../test/harness';
import { oneAtATime } from './files';

/** Uploaded images are re-encoded, bounded in pixels and decoded one at a time. */

let t: TestApp;
let admin: string;
let medicId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  const [medic] = await t.app.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.username, 'medico@clinica.mx'));
  medicId = medic!.id;
});
afterAll(async () => {
  await t.close();
});

/** A real PNG of width × height 1-bit pixels: a huge image in a few kilobytes. */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const frame = Buffer.alloc(8 + data.length + 4);
    frame.writeUInt32BE(data.length, 0);
    body.copy(frame, 4);
    frame.writeUInt32BE(crc32(body), 8 + data.length);
    return frame;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const staffPhoto = (filename: string, bytes: Buffer) =>
  upload<{ photo: { name: string } }>(t.app, `/v1/user/${medicId}/photo`, admin, [
    { filename, bytes },
  ]);

describe('uploaded images', () => {
  it('are re-encoded: a public staff photo keeps no EXIF (camera, GPS)', async () => {
    const original = await sharp({
      create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 140, b: 200 } },
    })
      .withExif({
        IFD0: { Make: 'CamaraEspia', Model: 'Modelo-X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 31/1 0/1' },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const answer = await staffPhoto('foto.jpg', original);
    expect(answer.status).toBe(200);
    const served = await t.app.inject({
      method: 'GET',
      url: `/v1/user/photo/${answer.body.data.photo.name}`,
    });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'jpeg',
      320,
      240,
      undefined,
    ]);
    expect(served.rawPayload.includes('CamaraEspia')).toBe(false);
  });

  it('refuses an image over 40 megapixels, read from its header, whatever its bytes', async () => {
    const bomb = hugePng(16_000, 16_000);
    expect(bomb.length).toBeLessThan(1_048_576);
    const answer = await staffPhoto('bomba.png', bomb);
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'image', message: 'La imagen debe tener como máximo 40 megapíxeles' },
    ]);
  });

  it('names the file limit when a request carries more files than allowed (413)', async () => {
    const [item] = (
      await call<{ items: { id: number }[] }>(t.app, 'GET', '/v1/product', { token: admin })
    ).body.data.items;
    const png = await picture('png');
    const answer = await upload(
      t.app,
      `/v1/product/${item!.id}/photos`,
      admin,
      Array.from({ length: 6 }, (_, index) => ({ filename: `f${index}.png`, bytes: png })),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe(1);
    expect(answer.body.message).toMatch(/archivos/);
    expect(answer.body.message).not.toMatch(/1 MB/);
  });

  it('a staff photo carrying two files is refused, naming the field, as a note or treatment photo is', async () => {
    const before = await call<{ kardex: { photo: { name: string } | null } }>(
      t.app,
      'GET',
      `/v1/user/${medicId}`,
      { token: admin },
    );
    expect(before.status).toBe(200);
    const png = await picture('png');
    const answer = await upload(t.app, `/v1/user/${medicId}/photo`, admin, [
      { filename: 'a.png', bytes: png },
      { filename: 'b.png', bytes: png },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ statusCode: 400, code: 0 });
    expect(answer.body.details).toEqual([
      { field: 'image', message: 'Un usuario admite una sola foto' },
    ]);
    const after = await call<{ kardex: { photo: { name: string } | null } }>(
      t.app,
      'GET',
      `/v1/user/${medicId}`,
      { token: admin },
    );
    expect(after.body.data.kardex.photo).toEqual(before.body.data.kardex.photo);
  });

  it('are decoded one at a time in a process', async () => {
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((done) => setTimeout(done, 5));
      running -= 1;
    };
    const failing = async () => {
      throw new Error('imagen dañada');
    };
    await Promise.allSettled([
      ...Array.from({ length: 4 }, () => oneAtATime(task)),
      oneAtATime(failing),
      ...Array.from({ length: 4 }, () => oneAtATime(task)),
    ]);
    expect(peak).toBe(1);
    await expect(oneAtATime(failing)).rejects.toThrow('imagen dañada');
  });
});
