import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { picture, upload } from '../catalogue/test-support';

interface Note {
  id: number;
  customerId: number;
  noteType: string;
  title: string;
  photo: { id: number; name: string } | null;
  user: { id: number; name: string };
}
type Page<T> = { items: T[]; meta: { itemCount: number; take: number } };

let t: TestApp;
let admin: string;
let franchisee: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  franchisee = (await signInAs(t.app, 'franchisee')).token;
  const created = await call<{ id: number }>(t.app, 'POST', '/v1/customer/create', {
    token: admin,
    body: { name: 'Nora', lastName: 'Vega', birthday: '1985-03-02', mobilePhone: '6649990001' },
  });
  customerId = created.body.data.id;
});
afterAll(async () => {
  await t.close();
});

const createNote = (body: Record<string, unknown>, token = admin) =>
  call<Note>(t.app, 'POST', '/v1/note/create', { token, body });
const notesOf = (id: number, query: Record<string, string> = {}) =>
  call<Page<Note>>(t.app, 'GET', '/v1/note', {
    token: admin,
    query: { customerId: String(id), ...query },
  });

describe('customer notes (CONTRACT §10: clients.note, one photo)', () => {
  it('creates a note of a type of the list, newest first, 5 per page by default', async () => {
    for (let index = 1; index <= 6; index += 1) {
      const answer = await createNote({
        customerId,
        noteType: 'Clínica',
        title: `Revisión ${index}`,
        note: 'Piel sensible a la luz',
      });
      expect(answer.status).toBe(201);
      expect(answer.body.data).toMatchObject({ noteType: 'Clínica', photo: null });
    }
    const page = await notesOf(customerId);
    expect(page.body.data.meta).toMatchObject({ itemCount: 6, take: 5 });
    expect(page.body.data.items[0]!.title).toBe('Revisión 6');
    expect(page.body.data.items[0]!.user.name).toMatch(/\S/);
  });

  it('refuses an unknown type, a missing title and a missing customer, changing nothing', async () => {
    const before = (await notesOf(customerId)).body.data.meta.itemCount;
    const badType = await createNote({ customerId, noteType: 'Otra', title: 'x', note: 'y' });
    expect(badType.status).toBe(400);
    expect(badType.body.details).toEqual([expect.objectContaining({ field: 'noteType' })]);
    const noTitle = await createNote({ customerId, noteType: 'General', note: 'y' });
    expect(noTitle.body.details).toEqual([expect.objectContaining({ field: 'title' })]);
    const ghost = await createNote({
      customerId: 999999,
      noteType: 'General',
      title: 'x',
      note: 'y',
    });
    expect([ghost.status, ghost.body.code]).toEqual([404, 14]);
    expect((await notesOf(customerId)).body.data.meta.itemCount).toBe(before);
  });

  it('requires clients.note', async () => {
    const answer = await createNote(
      { customerId, noteType: 'Queja', title: 'Demora', note: 'Esperó 40 minutos' },
      franchisee,
    );
    expect(answer.status).toBe(403);
  });

  it('takes one photo, replaces it on a second upload and serves it by its name', async () => {
    const note = (
      await createNote({ customerId, noteType: 'Seguimiento', title: 'Foto', note: 'Antes' })
    ).body.data;
    const png = await picture('png');
    const first = await upload<{ photo: { name: string } }>(
      t.app,
      `/v1/note/${note.id}/photo`,
      admin,
      [{ filename: 'antes.png', bytes: png }],
    );
    expect(first.status).toBe(200);
    const served = await t.app.inject({
      method: 'GET',
      url: `/v1/note/photo/${first.body.data.photo.name}`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);

    const two = await upload(t.app, `/v1/note/${note.id}/photo`, admin, [
      { filename: 'a.png', bytes: png },
      { filename: 'b.png', bytes: png },
    ]);
    expect(two.status).toBe(400);
    const none = await upload(t.app, `/v1/note/${note.id}/photo`, admin, []);
    expect([none.status, none.body.code]).toEqual([400, 6]);

    const second = await upload<{ photo: { name: string } }>(
      t.app,
      `/v1/note/${note.id}/photo`,
      admin,
      [{ filename: 'despues.webp', bytes: await picture('webp') }],
    );
    expect(second.body.data.photo.name).not.toBe(first.body.data.photo.name);
    const old = await t.app.inject({
      method: 'GET',
      url: `/v1/note/photo/${first.body.data.photo.name}`,
    });
    expect(old.statusCode).toBe(404);
    const listed = (await notesOf(customerId, { take: '60' })).body.data.items.find(
      (item) => item.id === note.id,
    );
    expect(listed!.photo!.name).toBe(second.body.data.photo.name);
  });

  it('deletes a note; a deleted one is 404 code 23', async () => {
    const note = (await createNote({ customerId, noteType: 'General', title: 'Borrar', note: 'x' }))
      .body.data;
    const removed = await call(t.app, 'DELETE', `/v1/note/${note.id}/delete`, { token: admin });
    expect(removed.status).toBe(200);
    const again = await call(t.app, 'DELETE', `/v1/note/${note.id}/delete`, { token: admin });
    expect([again.status, again.body.code]).toEqual([404, 23]);
    const photo = await upload(t.app, `/v1/note/${note.id}/photo`, admin, [
      { filename: 'x.png', bytes: await picture('png') },
    ]);
    expect([photo.status, photo.body.code]).toEqual([404, 23]);
  });
});
