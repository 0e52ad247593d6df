import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ReminderRecord } from '@clinica/domain';
import { reminder } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import {
  MONDAY,
  onlineWorld,
  person,
  type OnlineWorld,
} from '../online-booking/online-booking.fixture';

/**
 * The reminder outbox (CONTRACT §15) over HTTP: planned with the booking, moved and cancelled
 * with it, sent by the sender (driven by the test hook), retried with backoff, resent by staff.
 */

/** A WhatsApp receiver that fails the first `failures` calls of each appointment, and keeps them. */
function whatsappHook(failures: number) {
  const calls: { key: string | undefined; body: Record<string, unknown> }[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text) as Record<string, unknown>;
      calls.push({ key: request.headers['idempotency-key'] as string, body });
      const seen = calls.filter((entry) => entry.body.appointmentId === body.appointmentId);
      response.statusCode = seen.length <= failures ? 503 : 200;
      response.end('{}');
    });
  });
  return {
    calls,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          const address = server.address() as { port: number };
          resolve(`http://127.0.0.1:${address.port}/whatsapp`);
        }),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const hook = whatsappHook(2);
let t: TestApp;
let w: OnlineWorld;
let admin: string;
beforeAll(async () => {
  const whatsappUrl = await hook.listen();
  t = await createTestApp({ testHooks: true, whatsappUrl });
  w = await onlineWorld(t.app);
  admin = (await signInAs(t.app, 'superAdmin')).token;
});
afterAll(async () => {
  await t?.close();
  await hook.close();
});

let slot = 0;
/** A staff booking of the world's cabin on the Monday, for a new customer with both channels. */
async function book(contact: Record<string, unknown> = {}) {
  slot += 1;
  const startTime = `${String(8 + slot).padStart(2, '0')}:00`;
  const customer = await call<{ id: number }>(t.app, 'POST', '/v1/customer/create', {
    token: admin,
    body: { ...person(contact), registryBranchId: w.branchId },
  });
  const treatment = await call<{ categories: { id: number }[] }>(
    t.app,
    'GET',
    `/v1/treatment/${w.treatmentId}`,
    { token: admin },
  );
  const booked = await call<{ id: number }>(t.app, 'POST', '/v1/appointment/create', {
    token: admin,
    body: {
      appointmentType: 'Valoración',
      date: MONDAY,
      startTime,
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
  return booked.body.data.id;
}

const reminders = async (id: number) =>
  (
    await call<{ items: ReminderRecord[] }>(t.app, 'GET', `/v1/appointment/${id}/reminders`, {
      token: admin,
    })
  ).body.data.items;

const runJobs = (now: string, token = admin) =>
  call<{ reminders: Record<string, number>; holds: Record<string, number> }>(
    t.app,
    'POST',
    '/v1/system/jobs/run',
    { token, body: { now } },
  );

describe('planning', () => {
  it('plans a reminder per channel, due 24 hours before the start, with its key', async () => {
    const id = await book();
    const rows = await reminders(id);
    expect(rows.map((row) => row.channel).sort()).toEqual(['email', 'whatsapp']);
    // Monday 09:00 in Tijuana = 17:00 UTC; a day before.
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'pending',
        attempts: 0,
        sendAt: '2026-11-22T17:00:00.000Z',
      });
      expect(row.idempotencyKey).toBe(`reminder:${id}:${row.channel}:2026-11-23T17:00:00.000Z`);
    }
  });

  it('moves pending reminders with the appointment, and cancels them with it', async () => {
    const id = await book({ email: undefined });
    const moved = await call(t.app, 'PUT', `/v1/appointment/${id}/update`, {
      token: admin,
      body: { date: '2026-11-24' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const rows = await reminders(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      channel: 'whatsapp',
      sendAt: expect.stringMatching(/^2026-11-23T/),
    });
    expect(rows[0]!.idempotencyKey).toMatch(/:2026-11-24T/);
    const cancelled = await call(t.app, 'POST', `/v1/appointment/${id}/cancel`, {
      token: admin,
      body: { cancellationReason: 'Work' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await reminders(id)).map((row) => row.status)).toEqual(['cancelled']);
  });
});

describe('sending', () => {
  it('sends through the log without SMTP, retries a failing webhook with backoff, sends once', async () => {
    const id = await book();
    const due = new Date((await reminders(id))[0]!.sendAt).getTime();
    const at = (minutes: number) => new Date(due + minutes * 60_000).toISOString();
    const first = await runJobs(at(0));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    let rows = await reminders(id);
    const email = rows.find((row) => row.channel === 'email')!;
    expect(email).toMatchObject({ status: 'sent', transport: 'log', attempts: 1 });
    expect(email.link).toMatch(/\/cita\/[\w-]+\.[\w-]+$/);
    let whatsapp = rows.find((row) => row.channel === 'whatsapp')!;
    expect(whatsapp).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 503' });
    expect(whatsapp.nextAttemptAt).toBe(at(5));

    // Not yet due again: nothing happens.
    await runJobs(at(4));
    expect(hook.calls.filter((entry) => entry.body.appointmentId === id)).toHaveLength(1);
    await runJobs(at(5));
    rows = await reminders(id);
    whatsapp = rows.find((row) => row.channel === 'whatsapp')!;
    expect(whatsapp).toMatchObject({ status: 'pending', attempts: 2 });
    expect(whatsapp.nextAttemptAt).toBe(at(15));
    await runJobs(at(15));
    whatsapp = (await reminders(id)).find((row) => row.channel === 'whatsapp')!;
    expect(whatsapp).toMatchObject({ status: 'sent', transport: 'webhook', attempts: 3 });
    const received = hook.calls.filter((entry) => entry.body.appointmentId === id);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((entry) => entry.key))).toEqual(new Set([whatsapp.idempotencyKey]));
    expect(received[0]!.body).toMatchObject({
      to: whatsapp.to,
      idempotencyKey: whatsapp.idempotencyKey,
    });
    await runJobs(at(60));
    expect(hook.calls.filter((entry) => entry.body.appointmentId === id)).toHaveLength(3);
  });

  it('marks a reminder failed after its fifth failed attempt', async () => {
    const id = await book({ email: undefined });
    const [row] = await reminders(id);
    await t.app.db.update(reminder).set({ attempts: 4 }).where(eq(reminder.id, row!.id));
    hook.calls.length = 0;
    const failing = whatsappHook(99);
    const url = await failing.listen();
    const before = t.app.config.whatsappUrl;
    t.app.config.whatsappUrl = url;
    const answer = await runJobs(row!.sendAt);
    t.app.config.whatsappUrl = before;
    await failing.close();
    expect(answer.body.data.reminders.failed).toBeGreaterThanOrEqual(1);
    expect((await reminders(id))[0]).toMatchObject({ status: 'failed', attempts: 5 });
  });

  it('cancels instead of sending a reminder whose appointment was set in process', async () => {
    const id = await book({ email: undefined });
    await t.app.db
      .update(reminder)
      .set({
        sendAt: new Date('2026-11-20T17:00:00Z'),
        nextAttemptAt: new Date('2026-11-20T17:00:00Z'),
      })
      .where(eq(reminder.appointmentId, id));
    const { appointment } = await import('../../db/schema');
    await t.app.db.update(appointment).set({ status: 'inProcess' }).where(eq(appointment.id, id));
    const answer = await runJobs('2026-11-20T17:00:00.000Z');
    expect(answer.body.data.reminders.cancelled).toBeGreaterThanOrEqual(1);
    expect((await reminders(id))[0]!.status).toBe('cancelled');
  });

  it('lets staff resend now, and answers what happened', async () => {
    const id = await book();
    const answer = await call<{ items: ReminderRecord[] }>(
      t.app,
      'POST',
      `/v1/appointment/${id}/reminders/resend`,
      { token: admin, body: { channel: 'email' } },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data.items).toHaveLength(1);
    expect(answer.body.data.items[0]).toMatchObject({
      channel: 'email',
      status: 'sent',
      transport: 'log',
    });
    expect(await reminders(id)).toHaveLength(3);
  });
});

describe('the test hook', () => {
  it('answers only a Super Administrador, and does not exist without TEST_HOOKS', async () => {
    const manager = (await signInAs(t.app, 'branchManager')).token;
    const refused = await runJobs('2026-11-22T17:00:00.000Z', manager);
    expect(refused.status).toBe(403);
    const plain = await createTestApp();
    try {
      const token = (await signInAs(plain.app, 'superAdmin')).token;
      const missing = await call(plain.app, 'POST', '/v1/system/jobs/run', { token, body: {} });
      expect(missing.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
