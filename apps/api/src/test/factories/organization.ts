import type { FastifyInstance } from 'fastify';
import type { BranchRecord } from '@clinica/domain';
import { call } from '../harness';

/** Factories of the organization: a clinic branch of the test's own. */

let branches = 0;
const WEEKDAYS = [0, 1, 2, 3, 4, 5].map((day) => ({ day, opening: '09:00', closing: '20:00' }));

/**
 * A new clinic branch through POST /branch/create, open 09:00–20:00 Monday to Saturday with
 * `open` (a branch without hours takes no cabins); answers its id.
 */
export async function newBranch(
  app: FastifyInstance,
  token: string,
  { open = false, ...overrides }: Record<string, unknown> & { open?: boolean } = {},
): Promise<number> {
  branches += 1;
  const serial = `${String(process.pid % 1000).padStart(3, '0')}${String(branches).padStart(4, '0')}`;
  const answer = await call<BranchRecord>(app, 'POST', '/v1/branch/create', {
    token,
    body: {
      name: `Sucursal de fábrica ${serial}`,
      street: 'Av. Revolución',
      extNumber: '800',
      suburb: 'Zona Centro',
      city: 'Tijuana',
      state: 'Baja California',
      zipCode: '22000',
      phone: '6641234567',
      code: `FAB${serial}`,
      rfc: 'CBE180101AB1',
      businessName: 'Clínicas Bellezza S.A. de C.V.',
      ...(open ? { schedule: WEEKDAYS } : {}),
      ...overrides,
    },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.id;
}

let cabins = 0;

/**
 * A cabin of the test's own at the branch through POST /cabain/create, of the cabin type the
 * catalogue has for the treatment type `treatmentTypeId` (the first by order), on the branch's
 * hours; answers its id, name and type colour.
 */
export async function newCabin(
  app: FastifyInstance,
  token: string,
  branchId: number,
  treatmentTypeId: number,
): Promise<{ id: number; name: string; color: string }> {
  cabins += 1;
  const types = await call<{ items: { id: number; color: string }[] }>(
    app,
    'GET',
    '/v1/cabain-type',
    { token, query: { treatmentTypeId: String(treatmentTypeId), take: '1' } },
  );
  const type = types.body.data.items[0];
  if (!type) throw new Error(`No hay tipo de cabina del tipo de tratamiento ${treatmentTypeId}`);
  const name = `Cabina de fábrica ${cabins}`;
  const answer = await call<{ id: number }>(app, 'POST', '/v1/cabain/create', {
    token,
    body: { name, typeId: type.id, branchId },
  });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return { id: answer.body.data.id, name, color: type.color };
}
