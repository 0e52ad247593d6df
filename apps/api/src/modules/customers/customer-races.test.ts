import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/races';

/**
 * A mobile and an e-mail belong to one live customer (CONTRACT §10), even when two receptionists
 * register the same person at the same moment: the partial unique indexes decide, never a check
 * made before the write.
 */

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
});
afterAll(async () => {
  await t.close();
});

const adult = (mobilePhone: string, email?: string) => ({
  name: 'Lucía',
  lastName: 'Ramírez',
  gender: 'Femenino',
  birthday: '1988-02-14',
  mobilePhone,
  ...(email ? { email } : {}),
});
const outcome = (answer: { status: number; body: { code: number } }) =>
  answer.status === 201 ? 'created' : `${answer.status}/${answer.body.code}`;
const live = async (column: 'mobilePhone' | 'email', value: string) => {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(customer)
    .where(and(isNull(customer.deletedAt), eq(customer[column], value)));
  return row?.n;
};

describe.runIf(onPostgres)('customers registered at the same moment (PostgreSQL)', () => {
  it('20 concurrent creates with one mobile: one customer, the rest 400 code 5', async () => {
    const mobile = '6649990001';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, 'POST', '/v1/customer/create', { token: admin, body: adult(mobile) }),
      ),
    );
    const outcomes = answers.map(outcome);
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o === '400/5')).toHaveLength(19);
    expect(await live('mobilePhone', mobile)).toBe(1);
  });

  it('20 concurrent creates with one e-mail: one customer, the rest 409 code 23', async () => {
    const email = 'lucia.concurrente@correo.mx';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(t.app, 'POST', '/v1/customer/create', {
          token: admin,
          body: adult(`66499901${String(index).padStart(2, '0')}`, email),
        }),
      ),
    );
    const outcomes = answers.map(outcome);
    expect(outcomes.filter((o) => o === 'created')).toHaveLength(1);
    expect(outcomes.filter((o) => o === '409/23')).toHaveLength(19);
    expect(await live('email', email)).toBe(1);
  });
});
