import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../db/schema';
import { call, signInAs, type Answer } from '../../test/harness';
import { newBranch } from '../../test/factories';

/**
 * The world of the online booking tests (CONTRACT §15): a clinic of their own, open Monday to
 * Saturday 09:00–20:00 in Tijuana, with one cabin of a Valoración cabin type, and a 60-minute
 * Valoración treatment created with `onlineBooking` on (another created with it off).
 */

/** Monday 2026-11-23, a week of the test clock (2026-11-20 17:00 UTC = 09:00 in Tijuana). */
export const MONDAY = '2026-11-23';

export interface OnlineWorld {
  app: FastifyInstance;
  admin: string;
  branchId: number;
  cabinId: number;
  /** Flagged for online booking; `hidden` is not. */
  treatmentId: number;
  hiddenId: number;
  valuationTypeId: number;
}

let serial = 0;

export async function onlineWorld(app: FastifyInstance): Promise<OnlineWorld> {
  serial += 1;
  const admin = (await signInAs(app, 'superAdmin')).token;
  const get = async <T>(url: string, query?: Record<string, string>) =>
    (await call<T>(app, 'GET', url, { token: admin, query })).body.data;
  const types = await get<{ id: number; name: string }[]>('/v1/treatment-type');
  const valuationTypeId = types.find((type) => type.name === 'Valoración')!.id;
  const cabinTypes = await get<{ items: { id: number; treatmentType: { id: number } }[] }>(
    '/v1/cabain-type',
    { treatmentTypeId: String(valuationTypeId) },
  );
  const categories = await get<{ items: { id: number }[] }>('/v1/category', {
    type: 'treatment',
    take: '1',
  });
  const branchId = await newBranch(app, admin, { open: true });
  const cabin = await call<{ id: number }>(app, 'POST', '/v1/cabain/create', {
    token: admin,
    body: { name: 'Valoración en línea', typeId: cabinTypes.items[0]!.id, branchId },
  });
  if (cabin.status !== 201) throw new Error(JSON.stringify(cabin.body));
  const treatment = async (onlineBooking: boolean, suffix: string) => {
    const answer = await call<{ id: number }>(app, 'POST', '/v1/treatment/create', {
      token: admin,
      body: {
        sku: `OL-${process.pid % 100}${serial}${suffix}`,
        name: `Valoración en línea ${process.pid}-${serial}${suffix}`,
        description: 'Valoración de piel con la especialista',
        treatmentTypeId: valuationTypeId,
        categoriesIds: [categories.items[0]!.id],
        price: 350,
        points: 0,
        term: '01:00',
        onlineBooking,
      },
    });
    if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
    return answer.body.data.id;
  };
  return {
    app,
    admin,
    branchId,
    cabinId: cabin.body.data.id,
    treatmentId: await treatment(true, 'A'),
    hiddenId: await treatment(false, 'B'),
    valuationTypeId,
  };
}

let people = 0;

/** A person's data for a request: a new mobile and e-mail each time unless given. */
export function person(overrides: Record<string, unknown> = {}) {
  people += 1;
  const n = `${process.pid % 1000}${String(people).padStart(4, '0')}`;
  return {
    name: 'Lucía',
    lastName: 'Reservas',
    motherLastName: 'Web',
    birthday: '1992-03-14',
    mobilePhone: `66${n.padStart(8, '0')}`.slice(0, 10),
    email: `lucia.${n}@correo.mx`,
    ...overrides,
  };
}

export function requestBooking(
  world: OnlineWorld,
  body: Record<string, unknown>,
  remoteAddress = '203.0.113.7',
): Promise<Answer<{ requestId: string; expiresAt: string }>> {
  return world.app
    .inject({
      method: 'POST',
      url: '/v1/public/booking/request',
      payload: {
        branchId: world.branchId,
        treatmentId: world.treatmentId,
        date: MONDAY,
        startTime: '10:00',
        ...person(),
        ...body,
      },
      remoteAddress,
    })
    .then((response) => ({
      status: response.statusCode,
      body: response.json(),
      headers: response.headers,
    }));
}

/** The code mailed to an address, read from the outbox as an outside check reads the log. */
export async function mailedCode(app: FastifyInstance, to: string): Promise<string> {
  const [mail] = await app.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = /Tu código de confirmación es: ([A-Z0-9]{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`No hay código para ${to}`);
  return code;
}

export const confirmBooking = (app: FastifyInstance, requestId: string, code: string) =>
  call<{
    id: number;
    appointmentNumber: number;
    folio: string;
    date: string;
    startTime: string;
    endTime: string;
    branch: { name: string; address: string; phone: string | null };
    treatment: { name: string };
    link: string;
  }>(app, 'POST', '/v1/public/booking/confirm', { body: { requestId, code } });
