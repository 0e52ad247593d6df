import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transfer } from '../../db/schema';
import { onPostgres } from '../../test/races';
import {
  act,
  expectBalanced,
  gloves,
  inTransitToZonaRio,
  lineIds,
  mexicali,
  movementsOf,
  newLot,
  playas,
  quantityOf,
  remove,
  sent,
  serum,
  t,
  tokens,
  unitsOf,
  zonaRio,
  useTransferWorld,
} from './transfer.fixture';

useTransferWorld();

describe.runIf(onPostgres)('concurrent steps on PostgreSQL (CONTRACT §7)', () => {
  it('approves a transfer once of 10 concurrent approvals: its units leave once', async () => {
    const lot = await newLot(zonaRio, gloves, 30);
    const record = await sent([[lot, 7]]);
    const body = { transferProducts: [{ id: lineIds(record)[0], stockedQuantity: 7 }] };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => act(tokens.superAdmin, record.id, 'approve', body)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200,
      ...Array<number>(9).fill(409),
    ]);
    expect(
      answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 30),
    ).toBe(true);
    expect(await quantityOf(lot)).toBe(23);
    expect(await movementsOf(record.id)).toHaveLength(1);
    await expectBalanced();
  });

  it('of two transfers asking more than a lot holds, one is approved and the other is 422', async () => {
    const lot = await newLot(zonaRio, serum, 10);
    const first = await sent([[lot, 7]]);
    const second = await sent([[lot, 6]], playas);
    const units = await unitsOf(serum);
    const answers = await Promise.all(
      [first, second].map((record) =>
        act(tokens.logisticsManager, record.id, 'approve', {
          transferProducts: [
            {
              id: lineIds(record)[0],
              stockedQuantity: record.transferProducts[0]!.stockedQuantity,
            },
          ],
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.status === 422)!.body.code).toBe(1);
    const left = await quantityOf(lot);
    expect([3, 4]).toContain(left);
    expect(await unitsOf(serum)).toBe(units);
    await expectBalanced();
  });

  it('approves or deletes one En proceso, never both: units leave only if it was approved', async () => {
    const lot = await newLot(zonaRio, gloves, 10);
    const record = await sent([[lot, 4]]);
    const [approve, removal] = await Promise.all([
      act(tokens.logisticsManager, record.id, 'approve', {
        transferProducts: [{ id: lineIds(record)[0], stockedQuantity: 4 }],
      }),
      remove(tokens.superAdmin, record.id),
    ]);
    expect([approve.status, removal.status].sort()).toEqual([200, 409]);
    const [row] = await t.app.db.select().from(transfer).where(eq(transfer.id, record.id));
    if (approve.status === 200) {
      expect(removal.body.code).toBe(34);
      expect(row!.status).toBe('En transito');
      expect(await quantityOf(lot)).toBe(6);
    } else {
      expect(approve.body.code).toBe(33);
      expect(row!.status).toBe('Eliminada');
      expect(await quantityOf(lot)).toBe(10);
    }
    await expectBalanced();
  });

  it('confirms and rejects one in transit exclusively: its units arrive or return, never both', async () => {
    const lot = await newLot(mexicali, gloves, 8);
    const units = await unitsOf(gloves);
    const record = await inTransitToZonaRio([[lot, 8]]);
    const [confirm, reject] = await Promise.all([
      act(tokens.logisticsManager, record.id, 'confirm', {
        transferProducts: [{ id: lineIds(record)[0], receivedQuantity: 8 }],
      }),
      act(tokens.superAdmin, record.id, 'reject', {}),
    ]);
    expect([confirm.status, reject.status].sort()).toEqual([200, 409]);
    expect(await unitsOf(gloves)).toBe(units);
    await expectBalanced();
  });
});
