import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';

/**
 * A JSON text of megabytes (a report of a year of the chain: 21 MB) compressed here rather than by
 * the compress plugin: brotli at quality 1 (or gzip at level 1) on libuv's thread pool. At the
 * plugin's quality 4 the 21 MB took 222 ms of this process's own thread and crossed as 2.0 MB; at
 * quality 1, 58 ms off it, as 2.7 MB. Smaller answers keep the plugin's better ratio.
 */

/** From this size on, an answer is compressed here. */
export const LARGE_ANSWER_BYTES = 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The encoding of the client's Accept-Encoding to use: br, else gzip, else none. */
export function largeAnswerEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const header = request.headers['accept-encoding'];
  const accepted = new Set(
    (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter((entry) => !/;\s*q=0(?:\.0*)?$/.test(entry))
      .map((entry) => entry.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

export function compressLarge(text: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(text, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 1,
          [constants.BROTLI_PARAM_SIZE_HINT]: text.length,
        },
      })
    : gzipped(text, { level: 1 });
}
