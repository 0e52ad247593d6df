import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoyaltyLevelRecord } from '@clinica/domain';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/races';

/**
 * Threshold edits under concurrent requests, on PostgreSQL: every level row is locked in position
 * order before a new minimum is checked against its neighbours, so two edits that are each valid
 * alone but cross together (silver up past gold's new minimum, gold down below silver's) are
 * checked one after the other: one lands, the other is a 400, and the levels stay increasing.
 */

let t: TestApp;
let token: string;
let levels: LoyaltyLevelRecord[];

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  token = (await signInAs(t.app, 'superAdmin')).token;
  levels = (await call<LoyaltyLevelRecord[]>(t.app, 'GET', '/v1/loyalty-level', { token })).body
    .data;
});
afterAll(async () => {
  await t?.close();
});

const id = (scale: string) => levels.find((level) => level.scale === scale)!.id;
const setMinimum = (scale: string, minimum: number) =>
  call(t.app, 'PUT', `/v1/loyalty-level/${id(scale)}/update`, { token, body: { minimum } });
const minimums = async () =>
  (await call<LoyaltyLevelRecord[]>(t.app, 'GET', '/v1/loyalty-level', { token })).body.data.map(
    (level) => level.minimum,
  );

describe.skipIf(!onPostgres)('concurrent threshold edits never cross (PostgreSQL)', () => {
  it('of two crossing edits fired together, one lands and the other is refused', async () => {
    for (let round = 0; round < 10; round += 1) {
      const [up, down] = await Promise.all([
        setMinimum('silver', 14_000),
        setMinimum('gold', 6_000),
      ]);
      expect([up.status, down.status].sort()).toEqual([200, 400]);
      const after = await minimums();
      for (let i = 1; i < after.length; i += 1) expect(after[i]!).toBeGreaterThan(after[i - 1]!);
      // Back to the demo thresholds for the next round (silver first when gold went down).
      if (down.status === 200) {
        expect((await setMinimum('gold', 15_000)).status).toBe(200);
      } else {
        expect((await setMinimum('silver', 5_000)).status).toBe(200);
      }
      expect(await minimums()).toEqual([0, 5_000, 15_000, 40_000, 80_000]);
    }
  });

  it('twenty edits of every level at once leave the levels increasing', async () => {
    const wanted = [
      ['silver', 9_000],
      ['gold', 8_000],
      ['gold', 30_000],
      ['platinum', 25_000],
      ['platinum', 70_000],
      ['diamond', 60_000],
      ['diamond', 90_000],
      ['silver', 16_000],
    ] as const;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const [scale, minimum] = wanted[i % wanted.length]!;
        return setMinimum(scale, minimum);
      }),
    );
    expect(answers.every((answer) => [200, 400].includes(answer.status))).toBe(true);
    const after = await minimums();
    expect(after[0]).toBe(0);
    for (let i = 1; i < after.length; i += 1) expect(after[i]!).toBeGreaterThan(after[i - 1]!);
  });
});
