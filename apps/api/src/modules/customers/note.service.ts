import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BadRequest,
  NotFound,
  type noteBody,
  type noteQuery,
  type noteRecord,
} from '@clinica/domain';
import type { Executor } from '../../db/client';
import { customer, customerNote, user } from '../../db/schema';
import { audit, softDeleteChanges } from '../../platform/audit';
import { actorOf, type Context, type PublicContext } from '../../platform/context';
import { AppError, invalid, notFound } from '../../platform/errors';
import { listMeta } from '../../platform/list';
import { IMAGE_MIME, readImage, thumbnailOf, type ImageType } from '../../platform/files';
import { found, lockLive, resource } from '../../platform/write';
import { customers } from './customer.service';

/** Notes on a customer (CONTRACT §10, `clients.note`), each with at most one photo. */
export const notes = resource({ table: customerNote, module: 'note', notFound: NotFound.note });

type NoteRecord = z.output<typeof noteRecord>;
const PHOTO_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

const noteColumns = {
  id: customerNote.id,
  customerId: customerNote.customerId,
  noteType: customerNote.noteType,
  title: customerNote.title,
  note: customerNote.note,
  photoName: customerNote.photoName,
  userId: user.id,
  userName: sql<string>`concat_ws(' ', ${user.name}, ${user.lastName})`,
  createdAt: customerNote.createdAt,
};

const selectNotes = (executor: Executor) =>
  executor.select(noteColumns).from(customerNote).innerJoin(user, eq(user.id, customerNote.userId));

function present(row: Awaited<ReturnType<typeof selectNotes>>[number]): NoteRecord {
  return {
    id: row.id,
    customerId: row.customerId,
    noteType: row.noteType as NoteRecord['noteType'],
    title: row.title,
    note: row.note,
    photo: row.photoName ? { id: row.id, name: row.photoName } : null,
    user: { id: row.userId, name: row.userName },
    created_at: row.createdAt.toISOString(),
  };
}

async function liveCustomer(executor: Executor, customerId: number) {
  const [row] = await executor
    .select({ id: customer.id })
    .from(customer)
    .where(and(eq(customer.id, customerId), isNull(customer.deletedAt)));
  found(customers, row);
}

/** GET /note?customerId: newest first, paged (5 per page on the screen). */
export async function listNotes(ctx: Context, query: z.output<typeof noteQuery>) {
  await liveCustomer(ctx.db, query.customerId);
  const take = query.take ?? query.limit ?? 5;
  const offset = (query.page - 1) * take;
  const where = and(eq(customerNote.customerId, query.customerId), isNull(customerNote.deletedAt));
  const rows = await selectNotes(ctx.db)
    .where(where)
    .orderBy(desc(customerNote.createdAt), desc(customerNote.id))
    .limit(take)
    .offset(offset);
  const [total] = await ctx.db.select({ n: count() }).from(customerNote).where(where);
  return { meta: listMeta({ page: query.page, take }, total?.n ?? 0), items: rows.map(present) };
}

const readNote = async (executor: Executor, id: number) =>
  present((await selectNotes(executor).where(eq(customerNote.id, id)))[0]!);

/** POST /note/create: on a live customer, locked so a concurrent delete waits for it. */
export async function createNote(ctx: Context, body: z.output<typeof noteBody>) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockLive(tx, ctx, customers, body.customerId);
    const [row] = await tx
      .insert(customerNote)
      .values({ ...body, userId: ctx.session.userId, createdAt: now, updatedAt: now })
      .returning({ id: customerNote.id });
    const record = await readNote(tx, row!.id);
    await audit(
      tx,
      actorOf(ctx),
      {
        module: 'note',
        action: 'create',
        recordId: row!.id,
        changes: {
          noteType: { before: null, after: body.noteType },
          title: { before: null, after: body.title },
        },
      },
      now,
    );
    return record;
  });
}

/** The note of a live customer, locked for a change; else 404 code 23. */
async function lockNote(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: customerNote.id, photoName: customerNote.photoName })
    .from(customerNote)
    .innerJoin(customer, eq(customer.id, customerNote.customerId))
    .where(and(eq(customerNote.id, id), isNull(customerNote.deletedAt), isNull(customer.deletedAt)))
    .for('update', { of: customerNote });
  if (!row) throw notFound(NotFound.note);
  return row;
}

/** POST /note/{id}/photo: one image; a new one replaces the old (the note is locked meanwhile). */
export async function setNotePhoto(ctx: Context, id: number, files: AsyncIterable<MultipartFile>) {
  await ctx.db.transaction((tx) => lockNote(tx, id));
  const images: { bytes: Buffer; type: string }[] = [];
  for await (const file of files) images.push(await readImage(file));
  if (images.length === 0) throw new AppError(400, BadRequest.noImages);
  if (images.length > 1)
    throw invalid({ field: 'image', message: 'Una nota admite una sola foto' });
  const { bytes, type } = images[0]!;
  const name = `${randomBytes(16).toString('hex')}.${type}`;
  const thumbnail = await thumbnailOf(bytes);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockNote(tx, id);
    await tx
      .update(customerNote)
      .set({
        photoName: name,
        photoType: IMAGE_MIME[type as ImageType],
        photo: bytes,
        photoThumbnail: thumbnail,
        updatedAt: now,
      })
      .where(eq(customerNote.id, id));
    await audit(
      tx,
      actorOf(ctx),
      {
        module: 'note',
        action: 'update',
        recordId: id,
        changes: { photo: { before: before.photoName, after: name } },
      },
      now,
    );
    return { id, photo: { id, name } };
  });
}

/** DELETE /note/{id}/delete. */
export async function deleteNote(ctx: Context, id: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockNote(tx, id);
    await tx
      .update(customerNote)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(customerNote.id, id));
    await audit(
      tx,
      actorOf(ctx),
      { module: 'note', action: 'delete', recordId: id, changes: softDeleteChanges(now) },
      now,
    );
  });
  return { id };
}

/** GET /note/photo/{name}: a live note's photo by its random name, else 404 code 15. */
export async function readNotePhoto(ctx: PublicContext, name: string) {
  if (!PHOTO_NAME.test(name)) throw notFound(NotFound.photo);
  const [row] = await ctx.db
    .select({ contentType: customerNote.photoType, content: customerNote.photo })
    .from(customerNote)
    .where(and(eq(customerNote.photoName, name), isNull(customerNote.deletedAt)));
  if (!row?.content || !row.contentType) throw notFound(NotFound.photo);
  return { bytes: row.content, contentType: row.contentType };
}
