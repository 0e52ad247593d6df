import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { type CreateStaffBody, type StaffListItem, type StaffRecord } from '@clinica/domain';
import {
  branchId,
  call,
  createTestApp,
  signInAs,
  type DemoRole,
  type TestApp,
} from '../../test/harness';

export type Page = { items: StaffListItem[]; meta: { itemCount: number; pageCount: number } };
export type Option = { id: number; name: string; branch: { id: number; name: string } };

export let t: TestApp;
export const tokens = {} as Record<DemoRole, string>;
export const roles: Record<string, number> = {};
export const positions: Record<string, number> = {};
export const branches: Record<string, number> = {};
let serial = 0;
// Uploaded photos go under the data folder: a temporary one per run, removed at the end.
const dataDir = mkdtempSync(join(tmpdir(), 'clinica-staff-'));

/** The staff tests' world, per test file: the app on the demo seed with its own data folder for photos, the tokens of five roles and the ids of the roles, job positions and branches. */
export function useStaffWorld() {
  beforeAll(async () => {
    t = await createTestApp({ dataDir });
    for (const role of [
      'superAdmin',
      'branchManager',
      'franchisee',
      'medic',
      'operationalManager',
    ] as const)
      tokens[role] = (await signInAs(t.app, role)).token;
    const roleList = await call<{ id: number; key: string }[]>(t.app, 'GET', '/v1/role', {
      token: tokens.superAdmin,
    });
    for (const role of roleList.body.data) roles[role.key] = role.id;
    const positionList = await call<{ id: number; name: string }[]>(
      t.app,
      'GET',
      '/v1/job-position',
      { token: tokens.superAdmin },
    );
    for (const position of positionList.body.data) positions[position.name] = position.id;
    for (const name of ['CEDIS', 'Zona Río', 'Playas de Tijuana', 'Mexicali Centro'])
      branches[name] = await branchId(t.app, name);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

/** A complete, valid create body: a cosmetologist at Zona Río with unique keys per call. */
export function staffBody(overrides: Partial<CreateStaffBody> = {}): CreateStaffBody & {
  kardex: Record<string, unknown>;
} {
  serial += 1;
  const base = {
    name: 'Valeria',
    lastName: 'Gómez',
    motherLastName: 'Torres',
    username: `valeria.gomez${serial}@clinica.mx`,
    roleId: roles.cosmetologist!,
    kardex: {
      employeeNumber: String(700000 + serial),
      jobPositionId: positions['Cosmetóloga']!,
      branchId: branches['Zona Río']!,
      birthdate: '1996-04-12',
      admissionDate: '2024-03-01',
      workShift: 'matutino',
      phones: [{ phone: '(664)123-4567' }],
      address: {
        address: 'Calle Segunda 815, Zona Centro',
        state: 'Baja California',
        city: 'Tijuana',
        addressINE: 'Calle Segunda 815, Zona Centro',
        stateINE: 'Baja California',
        cityINE: 'Tijuana',
      },
      bankInformation: { salary: 15500.5, bankAccount: '012180001234567890', isr: null },
      personalData: {
        gender: 'Femenino',
        maritalStatus: 'Soltero',
        nationality: 'Mexicana',
        birthState: 'Baja California',
        birthCity: 'Tijuana',
        nss: '12345678901',
        curp: 'gotv960412mbcmrl09',
        rfc: 'GOTV960412AB1',
        ocr: '1234567890123',
        infonavit: 0,
        educationalDegree: 'superior',
        profession: 'Cosmetóloga',
        professionalLicense: null,
        provisionalProfesionalLicense: null,
        childrens: 1,
        email: 'vale.gomez@correo.mx',
        bloodType: 'O+',
        diseases: 'Ninguna',
        allergies: 'Ninguna',
        drugAllergies: 'Penicilina',
      },
      contacts: [
        { name: 'Rosa Torres Díaz', relationships: 'Madre', phone: '664 111 2233', main: 1 },
        { name: 'Luis Gómez Paz', relationships: 'Padre', phone: '6641112234', main: 0 },
      ],
      jobReferences: [
        {
          company: 'Spa Luna',
          position: 'Cosmetóloga',
          boss: 'Ana Ruiz',
          phone: '6642223344',
          main: 1,
        },
      ],
      signatures: [{ number: 1, date: '2024-03-01' }],
    },
  };
  return { ...base, ...overrides } as never;
}

/** The same body with one kardex path changed (`personalData.curp`, `contacts`). */
export function withKardex(path: string, value: unknown) {
  const body = staffBody();
  const keys = path.split('.');
  let target = body.kardex as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  if (value === undefined) delete target[keys.at(-1)!];
  else target[keys.at(-1)!] = value;
  return body;
}

export const create = (body: unknown, token = tokens.superAdmin) =>
  call<StaffRecord>(t.app, 'POST', '/v1/user/create', { token, body });
export const update = (id: number, body: unknown, token = tokens.superAdmin) =>
  call<StaffRecord>(t.app, 'PUT', `/v1/user/${id}/update`, { token, body });
export const get = (id: number, token = tokens.superAdmin) =>
  call<StaffRecord>(t.app, 'GET', `/v1/user/${id}`, { token });
export const list = (query: Record<string, string> = {}, token = tokens.superAdmin) =>
  call<Page>(t.app, 'GET', '/v1/user', { token, query });

export async function created(body: unknown = staffBody()): Promise<StaffRecord> {
  const answer = await create(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

export async function userIdOf(username: string): Promise<number> {
  const answer = await list({ search: JSON.stringify({ field: 'username', value: username }) });
  const found = answer.body.data.items.find((item) => item.username === username);
  if (!found) throw new Error(`No existe ${username}`);
  return found.id;
}

/** A multipart body with one file field, as a browser's FormData sends it. */
export function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----clinica${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(
  id: number,
  field: string,
  filename: string,
  bytes: Buffer,
  token = tokens.superAdmin,
) {
  const { payload, headers } = multipart(field, filename, 'application/octet-stream', bytes);
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/user/${id}/photo`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return {
    status: response.statusCode,
    body: response.json() as {
      code: number;
      data: { id: number; photo: { name: string } };
      details?: { field: string; message: string }[];
    },
  };
}

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 160 } } })
    .png()
    .toBuffer();
