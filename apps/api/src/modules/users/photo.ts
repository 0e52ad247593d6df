import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { NotFound, hasPrivilege, staffMessages } from '@clinica/domain';
import { kardex, staffPhoto } from '../../db/schema';
import { audit } from '../../platform/audit';
import { actorOf, type Context, type PublicContext } from '../../platform/context';
import { forbidden, invalid, notFound } from '../../platform/errors';
import { IMAGE_MIME, readImage, thumbnailOf } from '../../platform/files';
import { assertManages } from './staff-rules';
import { lockStaffMember, staff } from './user.service';

/**
 * Staff photos (spec 000 §5: png, jpg, jpeg, webp or gif under 1 MB), checked by content in
 * `platform/files` like every uploaded image. The bytes live in the database (`staff_photo`), as
 * product and treatment photos do, so every API process serves them and a photo commits or rolls
 * back with its change. Names are random (128 bits): the photo routes are public because <img>
 * tags send no Bearer header, so the name itself is what keeps a photo from being guessed.
 */

const PHOTO_NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/**
 * `POST /user/{id}/photo`: stores the image and its thumbnail in place of the previous photo.
 * The route opens to users:create or users:edit; only edit replaces an existing photo. Every
 * file of the request is read, so a second one is refused (400), as a note's or a treatment's is.
 */
export async function uploadStaffPhoto(
  ctx: Context,
  id: number,
  files: AsyncIterable<MultipartFile>,
) {
  const { session } = ctx;
  const images: Awaited<ReturnType<typeof readImage>>[] = [];
  for await (const file of files) images.push(await readImage(file));
  if (images.length === 0) throw invalid({ field: 'image', message: staffMessages.imageRequired });
  if (images.length > 1) throw invalid({ field: 'image', message: staffMessages.imageOnlyOne });
  const { bytes, type } = images[0]!;
  const thumbnail = await thumbnailOf(bytes);
  const name = `${randomBytes(16).toString('hex')}.${type}`;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const before = await lockStaffMember(tx, ctx, id);
    assertManages(session, before.roleKey);
    // Without edit, a role uploads only the first photo of a file (the one its create form sends
    // after the save): replacing someone's photo is an edit.
    if (before.kardex.photo && !hasPrivilege(session.privileges, 'users', 'edit'))
      throw forbidden();
    await tx.delete(staffPhoto).where(eq(staffPhoto.kardexId, before.kardex.id));
    await tx.insert(staffPhoto).values({
      name,
      kardexId: before.kardex.id,
      contentType: IMAGE_MIME[type],
      content: bytes,
      thumbnail,
      createdAt: now,
    });
    await tx.update(kardex).set({ photo: name }).where(eq(kardex.id, before.kardex.id));
    await audit(
      tx,
      actorOf(ctx),
      {
        module: staff.module,
        action: 'photo',
        recordId: id,
        changes: { 'kardex.photo': { before: before.kardex.photo?.name ?? null, after: name } },
      },
      now,
    );
  });
  return { id, photo: { name } };
}

/**
 * A stored photo or its thumbnail, with its content type. Only the current photo of a staff file
 * is served (404 code 15 otherwise): a replaced photo's name stops working.
 */
export async function readStaffPhoto(
  ctx: PublicContext,
  name: string,
  variant: 'original' | 'thumbnail',
): Promise<{ bytes: Buffer; contentType: string }> {
  if (!PHOTO_NAME.test(name)) throw notFound(NotFound.photo);
  const [photo] = await ctx.db
    .select({
      content: staffPhoto.content,
      thumbnail: staffPhoto.thumbnail,
      contentType: staffPhoto.contentType,
    })
    .from(staffPhoto)
    .where(eq(staffPhoto.name, name));
  if (!photo) throw notFound(NotFound.photo);
  return variant === 'original'
    ? { bytes: photo.content, contentType: photo.contentType }
    : { bytes: photo.thumbnail, contentType: IMAGE_MIME.webp };
}
