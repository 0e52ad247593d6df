import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { mailOutbox, reminder } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { onPostgres } from '../../test/races';
import {
  MONDAY,
  onlineWorld,
  person,
  type OnlineWorld,
} from '../online-booking/online-booking.fixture';
import { runReminders } from './reminder-sender';

/**
 * Two API processes on one database run the sender at once (CONTRACT §15): each reminder is sent
 * once. On PostgreSQL, with two connection pools, as two servers would.
 */
describe.runIf(onPostgres)('the sender in two processes', () => {
  const received: string[] = [];
  let server: Server;
  let t: TestApp;
  let w: OnlineWorld;
  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push(String(request.headers['idempotency-key']));
      request.resume();
      request.on('end', () => response.end('{}'));
    });
    const url = await new Promise<string>((resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/`),
      ),
    );
    t = await createTestApp({ whatsappUrl: url });
    w = await onlineWorld(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends each of 24 reminders exactly once while both run the sender together', async () => {
    const admin = (await signInAs(t.app, 'superAdmin')).token;
    const treatment = await call<{ categories: { id: number }[] }>(
      t.app,
      'GET',
      `/v1/treatment/${w.treatmentId}`,
      { token: admin },
    );
    const ids: number[] = [];
    for (let hour = 9; hour < 21; hour += 1) {
      if (hour === 20) break;
      const customer = await call<{ id: number }>(t.app, 'POST', '/v1/customer/create', {
        token: admin,
        body: { ...person(), registryBranchId: w.branchId },
      });
      const booked = await call<{ id: number }>(t.app, 'POST', '/v1/appointment/create', {
        token: admin,
        body: {
          appointmentType: 'Valoración',
          date: MONDAY,
          startTime: `${String(hour).padStart(2, '0')}:00`,
          appointmentMethod: 'Llamada telefónica',
          appointmentOption: 'newTreatments',
          branchId: w.branchId,
          cabainId: w.cabinId,
          customerId: customer.body.data.id,
          treatmentsIds: [w.treatmentId],
          categoriesIds: treatment.body.data.categories.map((category) => category.id),
        },
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      ids.push(booked.body.data.id);
    }
    const rows = await t.app.db.select().from(reminder).where(inArray(reminder.appointmentId, ids));
    expect(rows).toHaveLength(ids.length * 2);
    const other = await t.secondProcess();
    const now = new Date('2026-11-23T12:00:00Z');
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => runReminders(i % 2 === 0 ? t.app : other, now)),
    );
    // Whatever a run skipped while the other held the lock is sent by the next one.
    await runReminders(other, now);
    const after = await t.app.db
      .select()
      .from(reminder)
      .where(inArray(reminder.appointmentId, ids));
    expect(after.every((row) => row.status === 'sent')).toBe(true);
    const whatsapp = after.filter((row) => row.channel === 'whatsapp');
    expect(
      received.filter((key) => whatsapp.some((row) => row.idempotencyKey === key)).sort(),
    ).toEqual(whatsapp.map((row) => row.idempotencyKey).sort());
    for (const row of after.filter((entry) => entry.channel === 'email')) {
      const [mails] = await t.app.db
        .select({ n: count() })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, row.to));
      expect(mails?.n, row.to).toBe(1);
    }
  });
});
