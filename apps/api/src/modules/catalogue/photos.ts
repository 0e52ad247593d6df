import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import { BadRequest, MAX_PRODUCT_PHOTOS, NotFound } from '@clinica/domain';
import type { Executor } from '../../db/client';
import { catalogPhoto, product, treatment } from '../../db/schema';
import { audit } from '../../platform/audit';
import { actorOf, type Context, type PublicContext } from '../../platform/context';
import { AppError, invalid, notFound } from '../../platform/errors';
import { IMAGE_MIME, readImage, thumbnailOf, type ImageType } from '../../platform/files';
import { found, live, lockLive } from '../../platform/write';
import { products } from './product.service';
import { treatments } from './treatment.service';

/**
 * Product and treatment photos. The bytes live in the database beside their record, so every API
 * process on one server serves them and a photo commits or rolls back with its record. Names are
 * random (128 bits): the read routes are public because <img> tags send no Bearer header.
 */

const PHOTO_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

interface CheckedPhoto {
  name: string;
  contentType: string;
  content: Buffer;
  thumbnail: Buffer;
}

async function checkedPhoto(file: MultipartFile): Promise<CheckedPhoto> {
  const { bytes, type } = await readImage(file);
  return {
    name: `${randomBytes(16).toString('hex')}.${type}`,
    contentType: IMAGE_MIME[type as ImageType],
    content: bytes,
    thumbnail: await thumbnailOf(bytes),
  };
}

/** Every image of a multipart request, each checked; none at all is 400 code 6. */
async function checkedPhotos(files: AsyncIterable<MultipartFile>): Promise<CheckedPhoto[]> {
  const photos: CheckedPhoto[] = [];
  for await (const file of files) photos.push(await checkedPhoto(file));
  if (photos.length === 0) throw new AppError(400, BadRequest.noImages);
  return photos;
}

const photoRefs = (executor: Executor, productId: number) =>
  executor
    .select({ id: catalogPhoto.id, name: catalogPhoto.name })
    .from(catalogPhoto)
    .where(eq(catalogPhoto.productId, productId))
    .orderBy(asc(catalogPhoto.id));

/**
 * POST /product/{id}/photos: adds images, at most 3 per product in all. The images are read and
 * checked first (a live product in reach, else 404 code 13, before any byte is read); then, in one
 * transaction, the product row is locked while counting, so two uploads at once cannot pass the
 * limit together and an upload racing the delete finds the product gone.
 */
export async function addProductPhotos(
  ctx: Context,
  id: number,
  files: AsyncIterable<MultipartFile>,
) {
  found(
    products,
    (
      await ctx.db
        .select({ id: product.id })
        .from(product)
        .where(live(ctx, products, id))
    )[0],
  );
  const photos = await checkedPhotos(files);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockLive(tx, ctx, products, id);
    const [stored] = await tx
      .select({ total: count() })
      .from(catalogPhoto)
      .where(eq(catalogPhoto.productId, id));
    if ((stored?.total ?? 0) + photos.length > MAX_PRODUCT_PHOTOS) {
      throw invalid({
        field: 'image',
        message: `Un producto admite máximo ${MAX_PRODUCT_PHOTOS} fotos (tiene ${stored?.total ?? 0})`,
      });
    }
    await tx
      .insert(catalogPhoto)
      .values(photos.map((photo) => ({ ...photo, productId: id, createdAt: now })));
    await tx.update(product).set({ updatedAt: now }).where(eq(product.id, id));
    const names = photos.map((photo) => photo.name);
    await audit(
      tx,
      actorOf(ctx),
      {
        module: 'products',
        action: 'update',
        recordId: id,
        productId: id,
        changes: { photos: { before: null, after: names } },
      },
      now,
    );
    return { id, photos: await photoRefs(tx, id) };
  });
}

/**
 * DELETE /product/photo/{id}/delete: a photo of a live product, else 404 code 15. Its product is
 * locked first, so the delete excludes the product's own delete and edits.
 */
export async function deleteProductPhoto(ctx: Context, photoId: number) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ productId: catalogPhoto.productId })
      .from(catalogPhoto)
      .where(eq(catalogPhoto.id, photoId));
    if (!owner?.productId) throw notFound(NotFound.photo);
    await lockLive(tx, ctx, { ...products, notFound: NotFound.photo }, owner.productId);
    const [photo] = await tx
      .delete(catalogPhoto)
      .where(and(eq(catalogPhoto.id, photoId), eq(catalogPhoto.productId, owner.productId)))
      .returning({ name: catalogPhoto.name });
    if (!photo) throw notFound(NotFound.photo);
    await audit(
      tx,
      actorOf(ctx),
      {
        module: 'products',
        action: 'update',
        recordId: owner.productId,
        productId: owner.productId,
        changes: { photos: { before: photo.name, after: null } },
      },
      now,
    );
    return { id: photoId };
  });
}

/**
 * POST /treatment/{id}/photo: one image per treatment; a new one replaces the old. The treatment
 * is locked while its photo is replaced, so two uploads at once leave one photo.
 */
export async function setTreatmentPhoto(
  ctx: Context,
  id: number,
  files: AsyncIterable<MultipartFile>,
) {
  found(
    treatments,
    (
      await ctx.db
        .select({ id: treatment.id })
        .from(treatment)
        .where(live(ctx, treatments, id))
    )[0],
  );
  const photos = await checkedPhotos(files);
  if (photos.length > 1)
    throw invalid({ field: 'image', message: 'Un tratamiento admite una sola foto' });
  const photo = photos[0]!;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockLive(tx, ctx, treatments, id);
    const replaced = await tx
      .delete(catalogPhoto)
      .where(eq(catalogPhoto.treatmentId, id))
      .returning({ name: catalogPhoto.name });
    const [row] = await tx
      .insert(catalogPhoto)
      .values({ ...photo, treatmentId: id, createdAt: now })
      .returning({ id: catalogPhoto.id, name: catalogPhoto.name });
    await tx.update(treatment).set({ updatedAt: now }).where(eq(treatment.id, id));
    await audit(
      tx,
      actorOf(ctx),
      {
        module: 'treatments',
        action: 'update',
        recordId: id,
        changes: { photo: { before: replaced[0]?.name ?? null, after: photo.name } },
      },
      now,
    );
    return { id, photo: row! };
  });
}

/**
 * A stored image by its name: the original of a product photo, or the thumbnail of any catalogue
 * photo. A name of the wrong shape or owner is 404 code 15.
 */
export async function readCataloguePhoto(
  ctx: PublicContext,
  name: string,
  variant: 'product' | 'thumbnail',
) {
  if (!PHOTO_NAME.test(name)) throw notFound(NotFound.photo);
  const [row] = await ctx.db
    .select({
      contentType: catalogPhoto.contentType,
      content: variant === 'product' ? catalogPhoto.content : catalogPhoto.thumbnail,
    })
    .from(catalogPhoto)
    .where(
      and(
        eq(catalogPhoto.name, name),
        variant === 'product' ? isNotNull(catalogPhoto.productId) : undefined,
      ),
    );
  if (!row) throw notFound(NotFound.photo);
  return {
    bytes: row.content,
    contentType: variant === 'product' ? row.contentType : IMAGE_MIME.webp,
  };
}
