import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { BadRequest, NotFound } from '@clinica/domain';
import { offer, offerPhoto } from '../../db/schema';
import { audit } from '../../platform/audit';
import { actorOf, type Context, type PublicContext } from '../../platform/context';
import { AppError, invalid, notFound } from '../../platform/errors';
import { IMAGE_MIME, readImage, thumbnailOf, type ImageType } from '../../platform/files';
import { lockLive } from '../../platform/write';
import { offerForPhoto } from './package.service';

/**
 * The photo of a package or promotion (spec 002 §3, §5): one per offer, a new one replaces the
 * old. Checked by content as the catalogue's photos are, kept in the database beside the offer,
 * and served by a random 128-bit name (an <img> sends no token).
 */

const PHOTO_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/**
 * POST /package/{id}/photo: the offer is found (404 code 18) and its type's privilege checked
 * before any byte is read; then, under the offer's row lock, its photo is replaced, so two
 * uploads at once leave one photo and an upload racing the delete finds the offer gone.
 */
export async function setOfferPhoto(ctx: Context, id: number, files: AsyncIterable<MultipartFile>) {
  const def = await offerForPhoto(ctx, id);
  const images: Awaited<ReturnType<typeof readImage>>[] = [];
  for await (const file of files) images.push(await readImage(file));
  if (images.length === 0) throw new AppError(400, BadRequest.noImages);
  if (images.length > 1)
    throw invalid({ field: 'image', message: 'Un paquete o promoción admite una sola foto' });
  const { bytes, type } = images[0]!;
  const photo = {
    name: `${randomBytes(16).toString('hex')}.${type}`,
    contentType: IMAGE_MIME[type as ImageType],
    content: bytes,
    thumbnail: await thumbnailOf(bytes),
  };
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockLive(tx, ctx, def, id);
    const replaced = await tx
      .delete(offerPhoto)
      .where(eq(offerPhoto.packageId, id))
      .returning({ name: offerPhoto.name });
    const [row] = await tx
      .insert(offerPhoto)
      .values({ ...photo, packageId: id, createdAt: now })
      .returning({ id: offerPhoto.id, name: offerPhoto.name });
    await tx.update(offer).set({ updatedAt: now }).where(eq(offer.id, id));
    await audit(
      tx,
      actorOf(ctx),
      {
        module: def.module,
        action: 'update',
        recordId: id,
        changes: { photo: { before: replaced[0]?.name ?? null, after: photo.name } },
      },
      now,
    );
    return { id, photo: row! };
  });
}

/** The thumbnail of an offer's photo by its name; a name of the wrong shape is 404 code 15. */
export async function readOfferThumbnail(ctx: PublicContext, name: string) {
  if (!PHOTO_NAME.test(name)) throw notFound(NotFound.photo);
  const [row] = await ctx.db
    .select({ content: offerPhoto.thumbnail })
    .from(offerPhoto)
    .where(eq(offerPhoto.name, name));
  if (!row) throw notFound(NotFound.photo);
  return { bytes: row.content, contentType: IMAGE_MIME.webp };
}
