import { extname } from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import sharp from 'sharp';
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES, staffMessages } from '@clinica/domain';
import { invalid } from './errors';

/**
 * Uploaded images, checked the same way everywhere (spec 000 §5, 001 §5: png, jpg, jpeg, webp or
 * gif under 1 MB). The content's first bytes decide the type, not the name a browser sent, and the
 * image must decode. Staff photos, product and treatment photos use these.
 */

export const THUMBNAIL_SIZE = 160;

export type ImageType = 'png' | 'jpg' | 'gif' | 'webp';

export const IMAGE_MIME: Record<ImageType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The image type of a file by its magic bytes, or null. */
export function imageTypeOf(bytes: Buffer): ImageType | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return null;
}

const badImage = (message: string) => invalid({ field: 'image', message });

/** The uploaded bytes, checked: field `image`, an allowed extension and content, under 1 MB. */
export async function readImage(
  file: MultipartFile | undefined,
): Promise<{ bytes: Buffer; type: ImageType }> {
  if (!file || file.fieldname !== 'image') throw badImage(staffMessages.imageRequired);
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw badImage(staffMessages.imageTooLarge);
    throw error;
  }
  if (bytes.length >= MAX_IMAGE_BYTES) throw badImage(staffMessages.imageTooLarge);
  const extension = extname(file.filename).slice(1).toLowerCase();
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension))
    throw badImage(staffMessages.imageType);
  const type = imageTypeOf(bytes);
  if (!type) throw badImage(staffMessages.imageType);
  return { bytes, type };
}

/** A 160 px square webp; failing to decode means the file only looked like an image. */
export async function thumbnailOf(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { animated: false })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw badImage(staffMessages.imageDamaged);
  }
}

/** Answers an image; photos have random names and never change, so a browser may keep them. */
export function sendImage(reply: FastifyReply, image: { bytes: Buffer; contentType: string }) {
  return reply
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .type(image.contentType)
    .send(image.bytes);
}

/** A route's onSend hook that lets browsers cache an image (the API answers no-store otherwise). */
export const cacheImage = async (_request: unknown, reply: FastifyReply) => {
  reply.header('Cache-Control', 'private, max-age=86400, immutable');
};
