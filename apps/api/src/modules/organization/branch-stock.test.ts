import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stock } from '../../db/schema';
import { catalogueProduct, newBranch as newBranchOf } from '../../test/factories';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin', 'CEDIS')).token;
  productId = (await catalogueProduct(t.app, 'Insumo')).id;
});
afterAll(async () => {
  await t.close();
});

/** A clinic branch of its own per test, so each starts with no stock. */
const newBranch = () => newBranchOf(t.app, admin);

const addLot = (branchId: number, quantity: number, allotment = 'LT2026-01') =>
  t.app.db
    .insert(stock)
    .values({ branchId, productId, allotment, expiresIn: '2027-06-30', quantity });
const remove = (id: number) => call(t.app, 'POST', `/v1/branch/${id}/delete`, { token: admin });

describe('deleting a branch that holds stock (spec 001 §8, 409 code 12)', () => {
  it('refuses while a live lot of the branch has units', async () => {
    const id = await newBranch();
    await addLot(id, 0, 'LT-VACIO');
    await addLot(id, 3);
    const answer = await remove(id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 12,
      message: 'No se puede eliminar una sucursal con inventario',
    });
    expect((await call(t.app, 'GET', `/v1/branch/${id}`, { token: admin })).status).toBe(200);
  });

  it('deletes a branch whose lots are empty or deleted', async () => {
    const id = await newBranch();
    await addLot(id, 0);
    await t.app.db.insert(stock).values({
      branchId: id,
      productId,
      allotment: 'LT-BAJA',
      quantity: 8,
      deletedAt: new Date(),
    });
    expect((await remove(id)).status).toBe(200);
    expect((await call(t.app, 'GET', `/v1/branch/${id}`, { token: admin })).body.code).toBe(6);
  });
});
