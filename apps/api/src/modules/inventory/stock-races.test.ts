import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { onPostgres } from '../../test/races';
import {
  adjust,
  balanced,
  dayFrom,
  drop,
  logistics,
  lots,
  maxMin,
  mexicali,
  newProduct,
  register,
  t,
  zonaRio,
  useStockWorld,
} from './stock.fixture';

useStockWorld();

describe.runIf(onPostgres)('concurrent stock writes (CONTRACT §7)', () => {
  it('of 50 drops of 1 against a lot of 20, exactly 20 succeed and the rest are 422 code 1', async () => {
    const item = await newProduct();
    const lot = await register(item.id, zonaRio, 20, 'RACE-1');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        drop(logistics, { productId: item.id, branchId: zonaRio, stockId: lot }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(30);
    expect(refused.every((a) => a.status === 422 && a.body.code === 1)).toBe(true);
    expect(await lots(item.id)).toEqual([{ id: lot, branchId: zonaRio, quantity: 0 }]);
    const drops = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'drop'), eq(auditLog.stockId, lot)));
    expect(drops).toHaveLength(20);
    await balanced();
  });

  it('of concurrent max/min creates for one branch and product, one is 201 and the rest 400 code 8', async () => {
    const item = await newProduct();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        maxMin(logistics, { productId: item.id, branchId: mexicali, max: 10, min: 2 }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.body.code === 8)).toHaveLength(19);
  });

  it('concurrent registrations of a new lot land in one lot', async () => {
    const item = await newProduct();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        adjust(logistics, {
          productId: item.id,
          branchId: mexicali,
          quantity: 2,
          type: 'registration',
          allotment: 'RACE-NEW',
          expiresIn: dayFrom(100),
          justification: 'Conteo',
        }),
      ),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(await lots(item.id)).toEqual([
      { id: answers[0]!.body.data.stockId, branchId: mexicali, quantity: 40 },
    ]);
    await balanced();
  });
});
