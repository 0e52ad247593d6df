import { extname } from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_EXTENSIONS, MAX_IMAGE_BYTES, staffMessages } from '@clinica/domain';
import { invalid } from './errors';

/**
 * Uploaded images, checked the same way everywhere (spec 000 §5, 001 §5: png, jpg, jpeg, webp or
 * gif under 1 MB). The content's first bytes decide the type, not the name a browser sent; the
 * header's dimensions are bounded before anything is decoded (a 1 MB PNG can hold 16000 × 16000
 * pixels, 768 MB decoded); and what is stored is a re-encoding, never the bytes sent, so no
 * metadata (camera, GPS) reaches the public photo routes. Staff, product and treatment photos use
 * these.
 */

export const THUMBNAIL_SIZE = 160;
export const MAX_IMAGE_PIXELS = 40_000_000;

let decoding: Promise<unknown> = Promise.resolve();

/**
 * Runs image work one task at a time in this process: a decoded image costs its width × height ×
 * channels in memory, so eight large uploads at once would cost gigabytes; in a queue they cost
 * one image's worth and wait their turn.
 */
export function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = decoding.then(task);
  decoding = run.catch(() => undefined);
  return run;
}

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
  return { bytes: await reencoded(bytes, type), type };
}

/** An image's pixels read anew into its own format, upright, without its metadata. */
async function reencoded(bytes: Buffer, type: ImageType): Promise<Buffer> {
  // The header alone gives the dimensions: nothing is decoded yet.
  const { width = 0, height = 0 } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width === 0 || height === 0) throw badImage(staffMessages.imageDamaged);
  if (width * height > MAX_IMAGE_PIXELS) throw badImage(staffMessages.imageTooManyPixels);
  return decode(bytes, (image) => {
    // sharp writes no metadata unless asked to; rotate() first applies the EXIF orientation.
    const upright = image.rotate();
    if (type === 'png') return upright.png();
    if (type === 'jpg') return upright.jpeg({ quality: 90 });
    if (type === 'gif') return upright.gif();
    return upright.webp({ quality: 90 });
  });
}

/** Decodes in the queue, within the pixel limit; failing to decode means it only looked like one. */
function decode(bytes: Buffer, shape: (image: Sharp) => Sharp): Promise<Buffer> {
  return oneAtATime(async () => {
    try {
      return await shape(
        sharp(bytes, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS }),
      ).toBuffer();
    } catch {
      throw badImage(staffMessages.imageDamaged);
    }
  });
}

/** A 160 px square webp. */
export function thumbnailOf(bytes: Buffer): Promise<Buffer> {
  return decode(bytes, (image) =>
    image.rotate().resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' }).webp({ quality: 80 }),
  );
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
