import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call } from '../../test/harness';
import {
  create,
  created,
  get,
  png,
  staffBody,
  t,
  tokens,
  upload,
  userIdOf,
  useStaffWorld,
} from './user.fixture';

useStaffWorld();

describe('POST /v1/user/{id}/photo and the public photo routes', () => {
  it('stores a png, answers its random name and serves it and a real thumbnail', async () => {
    const record = await created();
    const original = await png(800, 600);
    const answer = await upload(record.id, 'image', 'foto.png', original);
    expect(answer.status).toBe(200);
    const name = answer.body.data.photo.name;
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect((await get(record.id)).body.data.kardex.photo).toEqual({ name });
    const full = await t.app.inject({ method: 'GET', url: `/v1/user/photo/${name}` });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.rawPayload.equals(original)).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: `/v1/user/photo/thumbnail/${name}` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.length).toBeLessThan(original.length);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 160]);
    // Replacing the photo retires the old name.
    const second = await upload(
      record.id,
      'image',
      'otra.jpg',
      await sharp(original).jpeg().toBuffer(),
    );
    expect(second.body.data.photo.name).toMatch(/\.jpg$/);
    const old = await t.app.inject({ method: 'GET', url: `/v1/user/photo/thumbnail/${name}` });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 15 });
  });

  it('checks the content, not the extension: a renamed text file is refused', async () => {
    const record = await created();
    const answer = await upload(record.id, 'image', 'foto.png', Buffer.from('no soy una imagen'));
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'image', message: 'La imagen debe ser png, jpg, jpeg, webp o gif' },
    ]);
    const pdfName = await upload(record.id, 'image', 'foto.pdf', await png(10, 10));
    expect(pdfName.status).toBe(400);
    const truncated = (await png(200, 200)).subarray(0, 60);
    const damaged = await upload(record.id, 'image', 'foto.png', truncated);
    expect(damaged.status).toBe(400);
    expect(damaged.body.details?.[0]?.message).toBe('El archivo no es una imagen válida');
    const wrongField = await upload(record.id, 'foto', 'foto.png', await png(10, 10));
    expect(wrongField.status).toBe(400);
    expect((await get(record.id)).body.data.kardex.photo).toBeNull();
  });

  it('refuses an image of 1 MB or more with a 400 that says so', async () => {
    const record = await created();
    const header = await png(10, 10);
    const big = Buffer.concat([header, Buffer.alloc(1_100_000, 7)]);
    const answer = await upload(record.id, 'image', 'grande.png', big);
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'image', message: 'La imagen debe pesar menos de 1 MB' },
    ]);
  });

  it('opens to users:create (the create form uploads right after the save) or users:edit; replacing a photo needs edit', async () => {
    const managerRole = (
      await call<{ id: number; key: string; privileges: Record<string, string[]> }[]>(
        t.app,
        'GET',
        '/v1/role',
        { token: tokens.superAdmin },
      )
    ).body.data.find((role) => role.key === 'branchManager')!;
    const grantUsers = async (actions: string[]) => {
      const answer = await call(t.app, 'PUT', `/v1/role/${managerRole.id}/update`, {
        token: tokens.superAdmin,
        body: { privileges: { ...managerRole.privileges, users: actions } },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const image = await png(10, 10);
    try {
      await grantUsers(['view', 'show', 'create']);
      const answer = await create(staffBody(), tokens.branchManager);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const id = answer.body.data.id;
      expect((await upload(id, 'image', 'a.png', image, tokens.branchManager)).status).toBe(200);
      // A second upload would replace the photo: that is an edit.
      const replace = await upload(id, 'image', 'b.png', image, tokens.branchManager);
      expect(replace.status).toBe(403);
      await grantUsers(['view', 'show', 'edit']);
      expect((await upload(id, 'image', 'b.png', image, tokens.branchManager)).status).toBe(200);
      await grantUsers(['view', 'show']);
      expect((await upload(id, 'image', 'c.png', image, tokens.branchManager)).status).toBe(403);
    } finally {
      await grantUsers(managerRole.privileges.users ?? []);
    }
  });

  it('needs users:create or users:edit and the record in scope; unknown names are 404 code 15', async () => {
    const franchiseeId = await userIdOf('franquicia@clinica.mx');
    const image = await png(10, 10);
    const scoped = await upload(franchiseeId, 'image', 'a.png', image, tokens.branchManager);
    expect(scoped.status).toBe(404);
    expect(scoped.body.code).toBe(4);
    const medicId = await userIdOf('medico@clinica.mx');
    expect((await upload(medicId, 'image', 'a.png', image, tokens.franchisee)).status).toBe(403);
    for (const url of [
      '/v1/user/photo/0123456789abcdef0123456789abcdef.png',
      '/v1/user/photo/thumbnail/..%2F..%2Fpglite',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 15 });
    }
  });
});
