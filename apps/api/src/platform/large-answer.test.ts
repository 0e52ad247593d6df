import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { compressLarge, largeAnswerEncoding } from './large-answer';

const asking = (acceptEncoding?: string | string[]) =>
  ({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as FastifyRequest;

describe('a JSON text of megabytes (serveJson)', () => {
  it('is compressed with brotli when accepted, else gzip, else not at all', () => {
    expect(largeAnswerEncoding(asking('gzip, deflate, br'))).toBe('br');
    expect(largeAnswerEncoding(asking('gzip, br;q=0'))).toBe('gzip');
    expect(largeAnswerEncoding(asking('GZIP;q=0.5'))).toBe('gzip');
    expect(largeAnswerEncoding(asking(['deflate', 'br']))).toBe('br');
    expect(largeAnswerEncoding(asking('identity'))).toBeNull();
    expect(largeAnswerEncoding(asking('br;q=0.0, gzip;q=0'))).toBeNull();
    expect(largeAnswerEncoding(asking())).toBeNull();
  });

  it('comes back the same text, several times smaller', async () => {
    const record = JSON.stringify({ folio: 'CC-000001', cashTotal: 1234.5, comments: null });
    const text = Buffer.from(`{"items":[${Array(20_000).fill(record).join(',')}]}`);
    const br = await compressLarge(text, 'br');
    expect(brotliDecompressSync(br).equals(text)).toBe(true);
    expect(br.length).toBeLessThan(text.length / 4);
    const gzip = await compressLarge(text, 'gzip');
    expect(gunzipSync(gzip).equals(text)).toBe(true);
    expect(gzip.length).toBeLessThan(text.length / 4);
  });
});
