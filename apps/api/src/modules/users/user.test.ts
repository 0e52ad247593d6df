import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  staffBodyFrom,
  updateStaffBody,
  type CreateStaffBody,
  type StaffListItem,
  type StaffRecord,
} from '@clinica/domain';
import {
  branchId,
  call,
  claimsOf,
  createTestApp,
  signInAs,
  type DemoRole,
  type TestApp,
} from '../../test/harness';
import {
  expectNoUpdateAfterDelete,
  expectOneOfConcurrentDeletes,
  onPostgres,
} from '../../test/races';

type Page = { items: StaffListItem[]; meta: { itemCount: number; pageCount: number } };
type Option = { id: number; name: string; branch: { id: number; name: string } };

let t: TestApp;
const tokens = {} as Record<DemoRole, string>;
const roles: Record<string, number> = {};
const positions: Record<string, number> = {};
const branches: Record<string, number> = {};
let serial = 0;
// Uploaded photos go under the data folder: a temporary one per run, removed at the end.
const dataDir = mkdtempSync(join(tmpdir(), 'clinica-staff-'));

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

/** A complete, valid create body: a cosmetologist at Zona Río with unique keys per call. */
function staffBody(overrides: Partial<CreateStaffBody> = {}): CreateStaffBody & {
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
function withKardex(path: string, value: unknown) {
  const body = staffBody();
  const keys = path.split('.');
  let target = body.kardex as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  if (value === undefined) delete target[keys.at(-1)!];
  else target[keys.at(-1)!] = value;
  return body;
}

const create = (body: unknown, token = tokens.superAdmin) =>
  call<StaffRecord>(t.app, 'POST', '/v1/user/create', { token, body });
const update = (id: number, body: unknown, token = tokens.superAdmin) =>
  call<StaffRecord>(t.app, 'PUT', `/v1/user/${id}/update`, { token, body });
const get = (id: number, token = tokens.superAdmin) =>
  call<StaffRecord>(t.app, 'GET', `/v1/user/${id}`, { token });
const list = (query: Record<string, string> = {}, token = tokens.superAdmin) =>
  call<Page>(t.app, 'GET', '/v1/user', { token, query });

async function created(body: unknown = staffBody()): Promise<StaffRecord> {
  const answer = await create(body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

async function userIdOf(username: string): Promise<number> {
  const answer = await list({ search: JSON.stringify({ field: 'username', value: username }) });
  const found = answer.body.data.items.find((item) => item.username === username);
  if (!found) throw new Error(`No existe ${username}`);
  return found.id;
}

describe('POST /v1/user/create and GET /v1/user/{id}', () => {
  it('creates the user with the whole file in one call and reads it back nested', async () => {
    const body = staffBody();
    const answer = await create(body);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ statusCode: 201, code: 0 });
    const record = answer.body.data;
    expect(record).toMatchObject({
      name: 'Valeria',
      username: body.username,
      status: 'activo',
      role: { id: roles.cosmetologist, role: 'Cosmetóloga' },
      kardex: {
        employeeNumber: body.kardex.employeeNumber,
        mainBranch: { id: branches['Zona Río'], name: 'Zona Río' },
        jobPosition: { name: 'Cosmetóloga', department: { name: 'Cosmetología' } },
        photo: null,
        phones: [{ phone: '6641234567' }],
        bankInformation: { salary: 15500.5, bankAccount: '012180001234567890', isr: null },
        personalData: { curp: 'GOTV960412MBCMRL09', childrens: 1, drugAllergies: 'Penicilina' },
        contacts: [
          { name: 'Rosa Torres Díaz', phone: '6641112233', main: 1 },
          { name: 'Luis Gómez Paz', main: 0 },
        ],
        jobReferences: [{ company: 'Spa Luna', main: 1 }],
        signatures: [{ number: 1, date: '2024-03-01' }],
      },
      contract: 'Contrato 1 - 01-03-2024',
    });
    const read = await get(record.id);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(record);
    expect(JSON.stringify(read.body)).not.toMatch(/passwordHash|pinHash|\$argon2/);
  });

  it('signs in with the password and PIN given on create; without them the account has a random password', async () => {
    const body = staffBody({ password: 'Nueva12345', pin: '4321' });
    const record = await created(body);
    const signIn = await call<{ token: string }>(t.app, 'POST', '/v1/auth/sign-in', {
      body: { branchId: branches['Zona Río'], username: body.username, password: 'Nueva12345' },
    });
    expect(signIn.status).toBe(200);
    expect(claimsOf(signIn.body.data.token).userId).toBe(record.id);
    const weak = await create(staffBody({ password: 'corta' }));
    expect(weak.status).toBe(400);
    expect(weak.body.details?.[0]?.field).toBe('password');
    const withoutPassword = staffBody();
    await created(withoutPassword);
    const guess = await call(t.app, 'POST', '/v1/auth/sign-in', {
      body: { branchId: branches['Zona Río'], username: withoutPassword.username, password: '' },
    });
    expect(guess.status).toBe(400);
  });

  it('an unknown user id is 404 code 4', async () => {
    const answer = await get(999999);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(4);
  });
});

describe('validation rules of the seven steps (spec 000 §5), with their messages', () => {
  const cases: [string, string, unknown, string, string][] = [
    ['name max 50', 'name', 'x'.repeat(51), 'name', 'El campo Nombre admite máximo 50 caracteres'],
    [
      'lastName min 2',
      'lastName',
      'G',
      'lastName',
      'El campo Apellido paterno requiere mínimo 2 caracteres',
    ],
    [
      'motherLastName required',
      'motherLastName',
      '',
      'motherLastName',
      'El campo Apellido materno es obligatorio',
    ],
    [
      'username an e-mail',
      'username',
      'valeria',
      'username',
      'El campo Usuario debe ser un correo electrónico válido',
    ],
    ['role required', 'roleId', undefined, 'roleId', 'El campo Rol es obligatorio'],
    ['kardex required', 'kardex', undefined, 'kardex', 'El campo Expediente es obligatorio'],
    [
      'status only on edit',
      'status',
      'inactivo',
      'status',
      'El estatus solo se puede cambiar al editar; un usuario nuevo siempre está activo',
    ],
  ];
  it.each(cases)('%s', async (_rule, key, value, field, message) => {
    const body = staffBody() as Record<string, unknown>;
    if (value === undefined) delete body[key];
    else body[key] = value;
    const answer = await create(body);
    expect(answer.status).toBe(400);
    expect(answer.body.details).toContainEqual({ field, message });
  });

  const kardexCases: [string, unknown, string, string][] = [
    [
      'employeeNumber',
      '1234567',
      'kardex.employeeNumber',
      'El campo Número de empleado admite máximo 6 caracteres',
    ],
    [
      'employeeNumber',
      '12A4',
      'kardex.employeeNumber',
      'El campo Número de empleado solo admite dígitos',
    ],
    ['workShift', 'nocturno', 'kardex.workShift', 'El campo Turno tiene un valor no permitido'],
    [
      'departureDate',
      '2025-01-01',
      'kardex.departureDate',
      'El campo Fecha de baja solo se captura al editar',
    ],
    [
      'reentryDate',
      '2025-01-01',
      'kardex.reentryDate',
      'El campo Fecha de reingreso solo se captura al editar',
    ],
    [
      'birthdate',
      '2023-02-30',
      'kardex.birthdate',
      'El campo Fecha de nacimiento debe ser una fecha válida (AAAA-MM-DD)',
    ],
    ['phones', [], 'kardex.phones', 'El campo Teléfono es obligatorio'],
    [
      'phones',
      [{ phone: '(664)123-456' }],
      'kardex.phones.0.phone',
      'El campo Teléfono debe tener 10 dígitos',
    ],
    [
      'bankInformation.salary',
      0,
      'kardex.bankInformation.salary',
      'El campo Sueldo debe ser mayor o igual a 1',
    ],
    [
      'bankInformation.bankAccount',
      '1'.repeat(19),
      'kardex.bankInformation.bankAccount',
      'El campo Cuenta bancaria admite máximo 18 caracteres',
    ],
    ['personalData.curp', 'GOTV960412XBCMRL09', 'kardex.personalData.curp', 'CURP Inválido'],
    ['personalData.rfc', 'GOTV9604121', 'kardex.personalData.rfc', 'RFC Inválido'],
    ['personalData.nss', '1234567890', 'kardex.personalData.nss', 'Longitud inválida'],
    [
      'personalData.nss',
      '1234567890A',
      'kardex.personalData.nss',
      'El campo NSS solo admite dígitos',
    ],
    [
      'personalData.ocr',
      '12345678901',
      'kardex.personalData.ocr',
      'El campo OCR requiere mínimo 12 caracteres',
    ],
    [
      'personalData.ocr',
      '12345678901234',
      'kardex.personalData.ocr',
      'El campo OCR admite máximo 13 caracteres',
    ],
    [
      'personalData.professionalLicense',
      '123456',
      'kardex.personalData.professionalLicense',
      'El campo Cédula profesional requiere mínimo 7 caracteres',
    ],
    [
      'personalData.nationality',
      'x'.repeat(51),
      'kardex.personalData.nationality',
      'El campo Nacionalidad admite máximo 50 caracteres',
    ],
    [
      'personalData.email',
      'correo',
      'kardex.personalData.email',
      'El campo Correo personal debe ser un correo electrónico válido',
    ],
    [
      'personalData.bloodType',
      'C+',
      'kardex.personalData.bloodType',
      'El campo Tipo de sangre tiene un valor no permitido',
    ],
    [
      'personalData.gender',
      undefined,
      'kardex.personalData.gender',
      'El campo Género es obligatorio',
    ],
    [
      'address.addressINE',
      'x'.repeat(256),
      'kardex.address.addressINE',
      'El campo Domicilio INE admite máximo 255 caracteres',
    ],
    ['address.city', undefined, 'kardex.address.city', 'El campo Ciudad es obligatorio'],
    // A part left out is required by its name, in Spanish (zod answered in English).
    ['address', undefined, 'kardex.address', 'El campo Domicilio es obligatorio'],
    [
      'bankInformation',
      undefined,
      'kardex.bankInformation',
      'El campo Información bancaria es obligatorio',
    ],
    ['personalData', undefined, 'kardex.personalData', 'El campo Datos personales es obligatorio'],
    // A missing number or switch is required, not 'debe ser un número' (spec 000 §5).
    [
      'bankInformation.salary',
      undefined,
      'kardex.bankInformation.salary',
      'El campo Sueldo es obligatorio',
    ],
    [
      'personalData.childrens',
      null,
      'kardex.personalData.childrens',
      'El campo Hijos es obligatorio',
    ],
    [
      'personalData.infonavit',
      undefined,
      'kardex.personalData.infonavit',
      'El campo Infonavit es obligatorio',
    ],
    [
      'personalData.childrens',
      'dos',
      'kardex.personalData.childrens',
      'El campo Hijos debe ser un número',
    ],
    [
      'contacts',
      [{ name: 'Ana', relationships: 'Tía', phone: '6641112233', main: 0 }],
      'kardex.contacts',
      'Debe haber exactamente un contacto principal',
    ],
    [
      'contacts',
      [
        { name: 'Ana', relationships: 'Tía', phone: '6641112233', main: 1 },
        { name: 'Eva', relationships: 'Tía', phone: '6641112234', main: 1 },
      ],
      'kardex.contacts',
      'Debe haber exactamente un contacto principal',
    ],
    [
      'contacts',
      [
        { name: 'Ana', relationships: 'Tía', phone: '6641112233', main: 1 },
        { name: 'Eva', relationships: 'Tía', phone: '6641112234', main: 0 },
        { name: 'Sol', relationships: 'Tía', phone: '6641112235', main: 0 },
      ],
      'kardex.contacts',
      'Solo se permite un contacto secundario',
    ],
    [
      'contacts',
      [{ name: 'x'.repeat(101), relationships: 'Tía', phone: '6641112233', main: 1 }],
      'kardex.contacts.0.name',
      'El campo Nombre del contacto admite máximo 100 caracteres',
    ],
    [
      'jobReferences',
      [],
      'kardex.jobReferences',
      'Debe haber exactamente una referencia laboral principal',
    ],
    [
      'jobReferences',
      [
        { company: 'A', position: 'B', boss: 'C', phone: '6641112233', main: 1 },
        { company: 'D', position: 'E', boss: 'F', phone: '6641112234', main: 0 },
        { company: 'G', position: 'H', boss: 'I', phone: '6641112235', main: 0 },
      ],
      'kardex.jobReferences',
      'Solo se permite una referencia laboral secundaria',
    ],
    [
      'jobReferences',
      [{ company: 'x'.repeat(81), position: 'B', boss: 'C', phone: '6641112233', main: 1 }],
      'kardex.jobReferences.0.company',
      'El campo Empresa admite máximo 80 caracteres',
    ],
    [
      'signatures',
      [{ number: 2, date: '2024-03-01' }],
      'kardex.signatures',
      'La firma del contrato 1 es obligatoria',
    ],
    [
      'signatures',
      [
        { number: 1, date: '2024-03-01' },
        { number: 1, date: '2024-09-01' },
      ],
      'kardex.signatures.1.number',
      'El número de contrato está repetido',
    ],
    [
      'signatures',
      [
        { number: 1, date: '2024-03-01' },
        { number: 5, date: '2024-09-01' },
      ],
      'kardex.signatures.1.number',
      'El campo Número de contrato debe ser menor o igual a 4',
    ],
    ['extra', 'x', 'kardex.extra', 'Campo no permitido'],
  ];
  it.each(kardexCases)('kardex.%s %j', async (path, value, field, message) => {
    const answer = await create(withKardex(path, value));
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(0);
    expect(answer.body.details).toContainEqual({ field, message });
  });

  it('ISR is required only when the job position starts with Médico', async () => {
    const medicBody = () =>
      withKardex('jobPositionId', positions['Médico Estético']) as ReturnType<typeof staffBody>;
    const missing = await create(medicBody());
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { field: 'kardex.bankInformation.isr', message: 'El campo ISR es obligatorio' },
    ]);
    const withIsr = medicBody();
    (withIsr.kardex.bankInformation as { isr: number }).isr = 10;
    expect((await create(withIsr)).body.data.kardex.bankInformation?.isr).toBe(10);
    // A cosmetologist moved to a medic's position needs the ISR too, sent or already stored.
    const cosmetologist = await created();
    const moved = await update(cosmetologist.id, {
      kardex: { jobPositionId: positions['Médico Dermatólogo'] },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.details?.[0]?.field).toBe('kardex.bankInformation.isr');
    const movedWithIsr = await update(cosmetologist.id, {
      kardex: {
        jobPositionId: positions['Médico Dermatólogo'],
        bankInformation: { salary: 30000, bankAccount: '1234567890', isr: 12.5 },
      },
    });
    expect(movedWithIsr.status).toBe(200);
    expect(movedWithIsr.body.data.kardex.jobPosition.name).toBe('Médico Dermatólogo');
  });

  it('birth and contract dates cannot be in the future (server clock, Tijuana day)', async () => {
    // The test clock is 2026-11-20 09:00 in Tijuana.
    const today = await create(withKardex('admissionDate', '2026-11-20'));
    expect(today.status).toBe(201);
    const birth = await create(withKardex('birthdate', '2026-11-21'));
    expect(birth.status).toBe(400);
    expect(birth.body.details).toEqual([
      {
        field: 'kardex.birthdate',
        message: 'El campo Fecha de nacimiento no puede ser una fecha futura',
      },
    ]);
    // An upcoming hire: the admission date may be ahead (issue 11 item 8).
    const admission = await create(withKardex('admissionDate', '2027-01-01'));
    expect(admission.status).toBe(201);
    expect(admission.body.data.kardex.admissionDate).toBe('2027-01-01');
    const signature = await create(
      withKardex('signatures', [
        { number: 1, date: '2024-03-01' },
        { number: 2, date: '2026-12-01' },
      ]),
    );
    expect(signature.body.details).toEqual([
      {
        field: 'kardex.signatures.1.date',
        message: 'El campo Fecha de firma no puede ser una fecha futura',
      },
    ]);
    const onUpdate = await update(today.body.data.id, { kardex: { birthdate: '2030-01-01' } });
    expect(onUpdate.status).toBe(400);
    expect(onUpdate.body.details?.[0]?.field).toBe('kardex.birthdate');
  });

  it('unknown role, branch and job position are 400 on their fields', async () => {
    const answer = await create({
      ...staffBody({ roleId: 9999 }),
      kardex: { ...staffBody().kardex, branchId: 9999, jobPositionId: 9999 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details?.map((detail) => detail.field)).toEqual([
      'roleId',
      'kardex.branchId',
      'kardex.jobPositionId',
    ]);
  });
});

describe('unique keys', () => {
  it('an employee number in use is 400 code 2; a username in use is 409 code 19', async () => {
    const first = await created();
    const sameNumber = staffBody();
    sameNumber.kardex.employeeNumber = first.kardex.employeeNumber;
    const number = await create(sameNumber);
    expect(number.status).toBe(400);
    expect(number.body.code).toBe(2);
    expect(number.body.message).toBe('El número de empleado ya existe');
    const sameUser = await create(staffBody({ username: first.username.toUpperCase() }));
    expect(sameUser.status).toBe(409);
    expect(sameUser.body.code).toBe(19);
    const second = await created();
    const renamed = await update(second.id, { username: first.username });
    expect(renamed.status).toBe(409);
    expect(renamed.body.code).toBe(19);
    const renumbered = await update(second.id, {
      kardex: { employeeNumber: first.kardex.employeeNumber },
    });
    expect(renumbered.status).toBe(400);
    expect(renumbered.body.code).toBe(2);
    // Keeping one's own keys is not a clash.
    expect((await update(second.id, { username: second.username })).status).toBe(200);
  });
});

describe('PUT /v1/user/{id}/update', () => {
  it('keeps what is left out and replaces the nested parts that are sent', async () => {
    const record = await created();
    const answer = await update(record.id, {
      name: 'Valentina',
      status: 'inactivo',
      kardex: {
        departureDate: '2026-10-31',
        contacts: [
          { name: 'Nuevo Contacto', relationships: 'Esposo', phone: '6649998877', main: 1 },
        ],
      },
    });
    expect(answer.status).toBe(200);
    const after = answer.body.data;
    expect(after).toMatchObject({ name: 'Valentina', lastName: 'Gómez', status: 'inactivo' });
    expect(after.kardex.departureDate).toBe('2026-10-31');
    expect(after.kardex.contacts).toEqual([
      { name: 'Nuevo Contacto', relationships: 'Esposo', phone: '6649998877', main: 1 },
    ]);
    expect(after.kardex.address).toEqual(record.kardex.address);
    expect(after.kardex.personalData).toEqual(record.kardex.personalData);
    expect(after.kardex.signatures).toEqual(record.kardex.signatures);
    const cleared = await update(record.id, { status: 'activo', kardex: { departureDate: null } });
    expect(cleared.body.data.kardex.departureDate).toBeNull();
    expect(cleared.body.data.status).toBe('activo');
    const badStatus = await update(record.id, { status: 'suspendido' });
    expect(badStatus.body.details).toContainEqual({
      field: 'status',
      message: 'El campo Estatus tiene un valor no permitido',
    });
  });

  it('every seeded file reads back as a valid update body, and saving it unchanged changes nothing', async () => {
    const page = await list({ take: '100' });
    expect(page.body.data.meta.itemCount).toBeGreaterThanOrEqual(28);
    for (const item of page.body.data.items) {
      const record = (await get(item.id)).body.data;
      const body = staffBodyFrom(record);
      const parsed = updateStaffBody.safeParse(body);
      expect(parsed.success, `${record.username}: ${JSON.stringify(parsed.error?.issues)}`).toBe(
        true,
      );
    }
    const medicId = await userIdOf('medico@clinica.mx');
    const medic = (await get(medicId)).body.data;
    const saved = await update(medicId, staffBodyFrom(medic));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(medic);
  });

  it('nobody deactivates their own account', async () => {
    const adminId = Number(claimsOf(tokens.superAdmin).userId);
    const answer = await update(adminId, { status: 'inactivo' });
    expect(answer.status).toBe(400);
    expect(answer.body.details?.[0]?.message).toBe('No puedes desactivar tu propio usuario');
  });
});

describe('delete', () => {
  it('soft-deletes with POST or DELETE; the user is gone from reads, kept with withDeleted', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const record = await created();
      const answer = await call<{ id: number }>(t.app, method, `/v1/user/${record.id}/delete`, {
        token: tokens.superAdmin,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ id: record.id });
      expect((await get(record.id)).body.code).toBe(4);
      const search = JSON.stringify({
        field: 'employeeNumber',
        value: record.kardex.employeeNumber,
      });
      expect((await list({ search })).body.data.meta.itemCount).toBe(0);
      expect((await list({ search, withDeleted: 'true' })).body.data.meta.itemCount).toBe(1);
      // The employee number and username are free again once their holder is deleted.
      const reused = staffBody({ username: record.username });
      reused.kardex.employeeNumber = record.kardex.employeeNumber;
      expect((await create(reused)).status).toBe(201);
    }
  });

  it('a deleted user can no longer sign in', async () => {
    const body = staffBody({ password: 'Borrar12345' });
    const record = await created(body);
    await call(t.app, 'POST', `/v1/user/${record.id}/delete`, { token: tokens.superAdmin });
    const signIn = await call(t.app, 'POST', '/v1/auth/sign-in', {
      body: { branchId: branches['Zona Río'], username: body.username, password: 'Borrar12345' },
    });
    expect(signIn.status).toBe(401);
  });

  it('nobody deletes themself', async () => {
    const adminId = Number(claimsOf(tokens.superAdmin).userId);
    const answer = await call(t.app, 'DELETE', `/v1/user/${adminId}/delete`, {
      token: tokens.superAdmin,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details?.[0]?.message).toBe('No puedes eliminar tu propio usuario');
  });
});

describe('GET /v1/user (spec 000 §2)', () => {
  it('pages the staff with branch, position, role, current contract and status', async () => {
    const first = await list({ take: '15', page: '1' });
    expect(first.status).toBe(200);
    expect(first.body.data.items).toHaveLength(15);
    expect(first.body.data.meta.pageCount).toBeGreaterThan(1);
    const medic = first.body.data.items.find((item) => item.username === 'medico@clinica.mx');
    const byUsername = medic ?? (await list({ search: 'medico@clinica.mx' })).body.data.items[0]!;
    expect(byUsername).toMatchObject({
      name: 'Jorge',
      status: 'activo',
      role: { role: 'Médico' },
      kardex: {
        employeeNumber: '000006',
        mainBranch: { name: 'Zona Río' },
        jobPosition: { name: 'Médico Estético' },
        signatures: [
          { number: 1, date: '2022-01-10' },
          { number: 2, date: '2022-07-10' },
        ],
      },
      contract: 'Contrato 2 - 10-07-2022',
    });
  });

  it("shows contract 4 as 'Final'", async () => {
    const record = await created(
      withKardex('signatures', [
        { number: 1, date: '2020-01-10' },
        { number: 2, date: '2020-07-10' },
        { number: 3, date: '2021-01-10' },
        { number: 4, date: '2021-07-10' },
      ]),
    );
    expect(record.contract).toBe('Contrato Final - 10-07-2021');
    const search = JSON.stringify({ field: 'employeeNumber', value: record.kardex.employeeNumber });
    expect((await list({ search })).body.data.items[0]?.contract).toBe(
      'Contrato Final - 10-07-2021',
    );
  });

  it('filters by status, branch and role; searches without accents; sorts by a listed field only', async () => {
    const inactive = await list({ status: '0', take: '100' });
    expect(inactive.body.data.items.length).toBeGreaterThanOrEqual(2);
    expect(inactive.body.data.items.every((item) => item.status === 'inactivo')).toBe(true);
    expect((await list({ status: 'inactivo' })).body.data.meta.itemCount).toBe(
      inactive.body.data.meta.itemCount,
    );
    const mexicali = await list({ branchId: String(branches['Mexicali Centro']), take: '100' });
    expect(mexicali.body.data.items.length).toBeGreaterThanOrEqual(5);
    expect(
      mexicali.body.data.items.every((item) => item.kardex.mainBranch.name === 'Mexicali Centro'),
    ).toBe(true);
    const medics = await list({ roleId: String(roles.medic), take: '100' });
    expect(medics.body.data.items.every((item) => item.role.role === 'Médico')).toBe(true);
    const accentless = await list({ search: 'oscar trujillo' });
    expect(accentless.body.data.items.map((item) => item.name)).toEqual(['Óscar']);
    const sorted = await list({ field: 'employeeNumber', order: 'ASC', take: '3' });
    expect(sorted.body.data.items.map((item) => item.kardex.employeeNumber)).toEqual([
      '000001',
      '000002',
      '000003',
    ]);
    const badSort = await list({ field: 'passwordHash' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.details?.[0]?.field).toBe('field');
  });
});

describe('branch scoping for a branch manager (CONTRACT §5)', () => {
  it('lists only the staff of their branch', async () => {
    const answer = await list({ take: '100' }, tokens.branchManager);
    expect(answer.status).toBe(200);
    expect(answer.body.data.items.length).toBeGreaterThan(3);
    expect(answer.body.data.items.every((item) => item.kardex.mainBranch.name === 'Zona Río')).toBe(
      true,
    );
    const other = await list(
      { branchId: String(branches['Mexicali Centro']) },
      tokens.branchManager,
    );
    expect(other.body.data.meta.itemCount).toBe(0);
  });

  it("another branch's staff member is 404 code 4, to read and to change", async () => {
    const franchiseeId = await userIdOf('franquicia@clinica.mx');
    const read = await get(franchiseeId, tokens.branchManager);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe(4);
    const change = await update(franchiseeId, { name: 'Otra' }, tokens.branchManager);
    expect(change.status).toBe(404);
    expect(change.body.code).toBe(4);
  });

  it('naming another branch in a create or an update is 404 code 6 and changes nothing (issue 9)', async () => {
    const body = staffBody();
    body.kardex.branchId = branches['Mexicali Centro'];
    const foreign = await create(body, tokens.branchManager);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe(6);
    const searched = await list({
      search: JSON.stringify({ field: 'username', value: body.username }),
    });
    expect(searched.body.data.meta.itemCount).toBe(0);
    body.kardex.branchId = branches['Zona Río'];
    const answer = await create(body, tokens.branchManager);
    expect(answer.status).toBe(201);
    expect(answer.body.data.kardex.mainBranch.name).toBe('Zona Río');
    const moved = await update(
      answer.body.data.id,
      { lastName: 'Movida', kardex: { branchId: branches['Playas de Tijuana'] } },
      tokens.branchManager,
    );
    expect(moved.status).toBe(404);
    expect(moved.body.code).toBe(6);
    const stored = (await get(answer.body.data.id)).body.data;
    expect(stored.kardex.mainBranch.name).toBe('Zona Río');
    expect(stored.lastName).toBe(body.lastName);
    const own = await update(
      answer.body.data.id,
      { kardex: { branchId: branches['Zona Río'] } },
      tokens.branchManager,
    );
    expect(own.status).toBe(200);
  });
});

describe('role escalation', () => {
  it('only the super administrator grants or manages roles beyond one branch (403)', async () => {
    const asSuperAdmin = await create(
      staffBody({ roleId: roles.superAdmin }),
      tokens.branchManager,
    );
    expect(asSuperAdmin.status).toBe(403);
    const asLogistics = await create(
      staffBody({ roleId: roles.logisticsManager }),
      tokens.branchManager,
    );
    expect(asLogistics.status).toBe(403);
    const mine = (await create(staffBody(), tokens.branchManager)).body.data;
    const promoted = await update(mine.id, { roleId: roles.superAdmin }, tokens.branchManager);
    expect(promoted.status).toBe(403);
    // The super administrator's file is at Zona Río, yet the branch manager cannot touch it.
    const adminId = await userIdOf('admin@clinica.mx');
    const takeover = await update(adminId, { password: 'Robada12345' }, tokens.branchManager);
    expect(takeover.status).toBe(403);
    expect((await get(mine.id)).body.data.role.role).toBe('Cosmetóloga');
    const bySuperAdmin = await create(staffBody({ roleId: roles.superAdmin }));
    expect(bySuperAdmin.status).toBe(201);
    expect(bySuperAdmin.body.data.role.role).toBe('Super Administrador');
  });

  it('privileges: role × call × status', async () => {
    const target = await created();
    const table: [DemoRole | 'anonymous', 'GET' | 'POST' | 'PUT' | 'DELETE', string, number][] = [
      ['anonymous', 'GET', '/v1/user', 401],
      ['medic', 'GET', '/v1/user', 403],
      ['medic', 'GET', `/v1/user/${target.id}`, 403],
      ['franchisee', 'GET', '/v1/user', 200],
      ['franchisee', 'POST', '/v1/user/create', 403],
      ['operationalManager', 'PUT', `/v1/user/${target.id}/update`, 403],
      ['branchManager', 'DELETE', `/v1/user/${target.id}/delete`, 403],
      ['medic', 'GET', '/v1/user/doctors/', 200],
      ['anonymous', 'GET', '/v1/user/doctors/', 401],
    ];
    for (const [role, method, url, status] of table) {
      const token = role === 'anonymous' ? undefined : tokens[role];
      const body = method === 'GET' || method === 'DELETE' ? undefined : staffBody();
      const answer = await call(t.app, method, url, { token, body });
      expect(answer.status, `${role} ${method} ${url}`).toBe(status);
    }
  });
});

describe('the detail needs users:show, the list users:view (issue 9)', () => {
  it('a role that may list the staff but not open a file is 403 on GET /user/{id}', async () => {
    const roleList = await call<
      { id: number; key: string; privileges: Record<string, string[]> }[]
    >(t.app, 'GET', '/v1/role', { token: tokens.superAdmin });
    const franchisee = roleList.body.data.find((role) => role.key === 'franchisee')!;
    const setMap = (privileges: Record<string, string[]>) =>
      call(t.app, 'PUT', `/v1/role/${franchisee.id}/update`, {
        token: tokens.superAdmin,
        body: { privileges },
      });
    expect((await setMap({ ...franchisee.privileges, users: ['view'] })).status).toBe(200);
    try {
      const target = await userIdOf('franquicia@clinica.mx');
      expect((await list({}, tokens.franchisee)).status).toBe(200);
      expect((await get(target, tokens.franchisee)).status).toBe(403);
    } finally {
      expect((await setMap(franchisee.privileges)).status).toBe(200);
    }
    expect((await get(await userIdOf('franquicia@clinica.mx'), tokens.franchisee)).status).toBe(
      200,
    );
  });
});

describe('doctors and cosmetologists', () => {
  it('answers active medics of a branch; fixed roles see only theirs', async () => {
    const playas = await call<Option[]>(t.app, 'GET', '/v1/user/doctors/', {
      token: tokens.superAdmin,
      query: { branchId: String(branches['Playas de Tijuana']) },
    });
    expect(playas.status).toBe(200);
    expect(playas.body.data.map((doctor) => doctor.name).sort()).toEqual(['Lucía', 'Rodrigo']);
    expect(playas.body.data[0]).toMatchObject({
      employeeNumber: expect.stringMatching(/^\d{6}$/),
      branch: { name: 'Playas de Tijuana' },
    });
    const all = await call<Option[]>(t.app, 'GET', '/v1/user/doctors', {
      token: tokens.superAdmin,
    });
    expect(new Set(all.body.data.map((doctor) => doctor.branch.name)).size).toBeGreaterThan(2);
    const scoped = await call<Option[]>(t.app, 'GET', '/v1/user/cosmetologists/', {
      token: tokens.branchManager,
    });
    expect(scoped.body.data.length).toBeGreaterThan(0);
    expect(scoped.body.data.every((option) => option.branch.name === 'Zona Río')).toBe(true);
    // Inactive cosmetologists are not offered (Abril Montes at Playas is inactive).
    const playasCosmetologists = await call<Option[]>(t.app, 'GET', '/v1/user/cosmetologists/', {
      token: tokens.superAdmin,
      query: { branchId: String(branches['Playas de Tijuana']) },
    });
    expect(playasCosmetologists.body.data.map((option) => option.name).sort()).toEqual([
      'Guadalupe',
      'Renata',
    ]);
  });
});

/** A multipart body with one file field, as a browser's FormData sends it. */
function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
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

async function upload(
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

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 160 } } })
    .png()
    .toBuffer();

describe('POST /v1/user/{id}/photo and the public photo routes', () => {
  it('stores a png, answers its random name and serves it and a real thumbnail', async () => {
    const record = await created();
    const original = await png(800, 600);
    const answer = await upload(record.id, 'image', 'foto.png', original);
    expect(answer.status).toBe(200);
    const name = answer.body.data.photo.name;
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect((await get(record.id)).body.data.kardex.photo).toEqual({ name });
    const full = await t.app.inject({ method: 'GET', url: `/v1/user/photo/${name}` });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect(full.rawPayload.equals(original)).toBe(true);
    const thumb = await t.app.inject({ method: 'GET', url: `/v1/user/photo/thumbnail/${name}` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.rawPayload.length).toBeLessThan(original.length);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 160, 160]);
    // Replacing the photo retires the old name.
    const second = await upload(
      record.id,
      'image',
      'otra.jpg',
      await sharp(original).jpeg().toBuffer(),
    );
    expect(second.body.data.photo.name).toMatch(/\.jpg$/);
    const old = await t.app.inject({ method: 'GET', url: `/v1/user/photo/thumbnail/${name}` });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 15 });
  });

  it('checks the content, not the extension: a renamed text file is refused', async () => {
    const record = await created();
    const answer = await upload(record.id, 'image', 'foto.png', Buffer.from('no soy una imagen'));
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'image', message: 'La imagen debe ser png, jpg, jpeg, webp o gif' },
    ]);
    const pdfName = await upload(record.id, 'image', 'foto.pdf', await png(10, 10));
    expect(pdfName.status).toBe(400);
    const truncated = (await png(200, 200)).subarray(0, 60);
    const damaged = await upload(record.id, 'image', 'foto.png', truncated);
    expect(damaged.status).toBe(400);
    expect(damaged.body.details?.[0]?.message).toBe('El archivo no es una imagen válida');
    const wrongField = await upload(record.id, 'foto', 'foto.png', await png(10, 10));
    expect(wrongField.status).toBe(400);
    expect((await get(record.id)).body.data.kardex.photo).toBeNull();
  });

  it('refuses an image of 1 MB or more with a 400 that says so', async () => {
    const record = await created();
    const header = await png(10, 10);
    const big = Buffer.concat([header, Buffer.alloc(1_100_000, 7)]);
    const answer = await upload(record.id, 'image', 'grande.png', big);
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: 'image', message: 'La imagen debe pesar menos de 1 MB' },
    ]);
  });

  it('opens to users:create (the create form uploads right after the save) or users:edit; replacing a photo needs edit', async () => {
    const managerRole = (
      await call<{ id: number; key: string; privileges: Record<string, string[]> }[]>(
        t.app,
        'GET',
        '/v1/role',
        { token: tokens.superAdmin },
      )
    ).body.data.find((role) => role.key === 'branchManager')!;
    const grantUsers = async (actions: string[]) => {
      const answer = await call(t.app, 'PUT', `/v1/role/${managerRole.id}/update`, {
        token: tokens.superAdmin,
        body: { privileges: { ...managerRole.privileges, users: actions } },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const image = await png(10, 10);
    try {
      await grantUsers(['view', 'show', 'create']);
      const answer = await create(staffBody(), tokens.branchManager);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const id = answer.body.data.id;
      expect((await upload(id, 'image', 'a.png', image, tokens.branchManager)).status).toBe(200);
      // A second upload would replace the photo: that is an edit.
      const replace = await upload(id, 'image', 'b.png', image, tokens.branchManager);
      expect(replace.status).toBe(403);
      await grantUsers(['view', 'show', 'edit']);
      expect((await upload(id, 'image', 'b.png', image, tokens.branchManager)).status).toBe(200);
      await grantUsers(['view', 'show']);
      expect((await upload(id, 'image', 'c.png', image, tokens.branchManager)).status).toBe(403);
    } finally {
      await grantUsers(managerRole.privileges.users ?? []);
    }
  });

  it('needs users:create or users:edit and the record in scope; unknown names are 404 code 15', async () => {
    const franchiseeId = await userIdOf('franquicia@clinica.mx');
    const image = await png(10, 10);
    const scoped = await upload(franchiseeId, 'image', 'a.png', image, tokens.branchManager);
    expect(scoped.status).toBe(404);
    expect(scoped.body.code).toBe(4);
    const medicId = await userIdOf('medico@clinica.mx');
    expect((await upload(medicId, 'image', 'a.png', image, tokens.franchisee)).status).toBe(403);
    for (const url of [
      '/v1/user/photo/0123456789abcdef0123456789abcdef.png',
      '/v1/user/photo/thumbnail/..%2F..%2Fpglite',
    ]) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 15 });
    }
  });
});

describe('audit', () => {
  it('writes create, update, delete and photo entries with their changes', async () => {
    const record = await created();
    await update(record.id, { lastName: 'Gómez Ruiz', password: 'Otra12345' });
    // A save that changes nothing writes no entry (issue 11 item 5).
    expect((await update(record.id, { lastName: 'Gómez Ruiz' })).status).toBe(200);
    await upload(record.id, 'image', 'a.png', await png(20, 20));
    await call(t.app, 'POST', `/v1/user/${record.id}/delete`, { token: tokens.superAdmin });
    const log = await call<{
      items: {
        action: string;
        recordId: number;
        changes: Record<string, { before: unknown; after: unknown }>;
      }[];
    }>(t.app, 'GET', '/v1/log', {
      token: tokens.superAdmin,
      query: { module: 'users', take: '100' },
    });
    const mine = log.body.data.items.filter((entry) => entry.recordId === record.id);
    // Created without a password: the invitation mailed to the new employee is in the log too.
    expect(mine.map((entry) => entry.action).sort()).toEqual([
      'create',
      'delete',
      'invite',
      'photo',
      'update',
    ]);
    const created_ = mine.find((entry) => entry.action === 'create')!;
    expect(created_.changes['kardex.employeeNumber']).toEqual({
      before: null,
      after: record.kardex.employeeNumber,
    });
    // Relations by name: the history never shows a role or a branch as a number (issue 11 item 7).
    expect(created_.changes.roleId).toEqual({ before: null, after: 'Cosmetóloga' });
    expect(created_.changes['kardex.branchId']).toEqual({ before: null, after: 'Zona Río' });
    const updated = mine.find((entry) => entry.action === 'update')!;
    expect(updated.changes).toEqual({
      lastName: { before: 'Gómez', after: 'Gómez Ruiz' },
      password: { before: '••••', after: '••••' },
    });
    expect(JSON.stringify(log.body)).not.toContain('Otra12345');
  });
});

describe.skipIf(!onPostgres)('staff under concurrent writes (PostgreSQL)', () => {
  const target = async () => ({
    path: 'user',
    id: (await created()).id,
    module: 'users',
    notFound: 4,
  });

  it('of 20 concurrent deletes one succeeds and writes one entry; the rest are 404', async () => {
    await expectOneOfConcurrentDeletes(t.app, tokens.superAdmin, await target());
  });

  it('an update racing the delete never lands on the deleted staff member', async () => {
    await expectNoUpdateAfterDelete(t.app, tokens.superAdmin, await target(), {
      lastName: 'Carrera',
      kardex: { workShift: 'vespertino' },
    });
  });

  it('concurrent edits of one file apply one after the other, each audited from the one before', async () => {
    const { id } = await created();
    const names = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis'];
    const answers = await Promise.all(names.map((lastName) => update(id, { lastName })));
    expect(answers.map((answer) => answer.status)).toEqual(names.map(() => 200));
    const log = await call<{
      items: {
        action: string;
        recordId: number;
        changes: Record<string, { before: unknown; after: unknown }>;
      }[];
    }>(t.app, 'GET', '/v1/log', {
      token: tokens.superAdmin,
      query: { module: 'users', action: 'update', take: '100', order: 'ASC', field: 'id' },
    });
    const chain = log.body.data.items
      .filter((entry) => entry.recordId === id)
      .map((entry) => entry.changes.lastName!);
    expect(chain).toHaveLength(names.length);
    expect(chain[0]!.before).toBe('Gómez');
    for (let i = 1; i < chain.length; i += 1) expect(chain[i]!.before).toBe(chain[i - 1]!.after);
  });
});

// Last in the file: moving the clock 73 hours expires the tokens signed in above.
describe('the invitation of a new employee (issue 11)', () => {
  /** The invitation code in the newest mail to an address. */
  async function invitationTo(address: string) {
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, address))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const code = /\/forgot-password\/([A-Z0-9]{24})\b/.exec(mail?.text ?? '')?.[1];
    if (!mail || !code) throw new Error(`No hay invitación para ${address}`);
    return { mail, code };
  }

  it('mails a single-use link to set the password and PIN, valid 72 hours', async () => {
    const body = staffBody();
    const created = await create(body);
    expect(created.status).toBe(201);
    const { mail, code } = await invitationTo(body.username);
    expect(mail.subject).toMatch(/contraseña y tu PIN/);
    expect(mail.text).toContain('72 horas');

    const invitation = await call(t.app, 'GET', `/v1/auth/invitation/${code}`);
    expect(invitation.status).toBe(200);
    expect(invitation.body.data).toEqual({
      fullname: 'Valeria Gómez Torres',
      username: body.username,
    });
    const mismatch = await call(t.app, 'PUT', `/v1/auth/invitation/${code}`, {
      body: {
        password: 'Valeria2026',
        passwordConfirm: 'Valeria2026',
        pin: '2468',
        pinConfirm: '2469',
      },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.details).toEqual([
      { field: 'pinConfirm', message: 'Los pines no coinciden!' },
    ]);

    const accepted = await call(t.app, 'PUT', `/v1/auth/invitation/${code}`, {
      body: {
        password: 'Valeria2026',
        passwordConfirm: 'Valeria2026',
        pin: '2468',
        pinConfirm: '2468',
      },
    });
    expect(accepted.status).toBe(200);
    const signedIn = await call<{ token: string; refresh_token: string }>(
      t.app,
      'POST',
      '/v1/auth/sign-in',
      {
        body: { branchId: branches['Zona Río'], username: body.username, password: 'Valeria2026' },
      },
    );
    expect(signedIn.status).toBe(200);
    const quick = await call(t.app, 'POST', '/v1/auth/quick-login', {
      body: {
        pin: '2468',
        refreshToken: signedIn.body.data.refresh_token,
        branchId: branches['Zona Río'],
      },
    });
    expect(quick.status).toBe(200);

    // Single use.
    const again = await call(t.app, 'GET', `/v1/auth/invitation/${code}`);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe(21);
  });

  it('expires after 72 hours; the admin resends it and only the new one works', async () => {
    const body = staffBody();
    const created = await create(body);
    const first = await invitationTo(body.username);
    t.clock.advance(73 * 60 * 60_000);
    expect((await call(t.app, 'GET', `/v1/auth/invitation/${first.code}`)).status).toBe(404);

    const resent = await call<{ sentTo: string; expiresAt: string }>(
      t.app,
      'POST',
      `/v1/user/${created.body.data.id}/invitation`,
      { token: (await signInAs(t.app, 'branchManager')).token },
    );
    expect(resent.status).toBe(200);
    expect(resent.body.data.sentTo).toBe(body.username);
    const second = await invitationTo(body.username);
    expect(second.code).not.toBe(first.code);
    expect((await call(t.app, 'GET', `/v1/auth/invitation/${second.code}`)).status).toBe(200);
  });

  it('is resent only for staff the caller manages, in their branch', async () => {
    const admin = await call<Page>(t.app, 'GET', '/v1/user', {
      token: (await signInAs(t.app, 'superAdmin')).token,
      query: { search: JSON.stringify({ field: 'username', value: 'admin@clinica.mx' }) },
    });
    const adminId = admin.body.data.items[0]!.id;
    const manager = (await signInAs(t.app, 'branchManager')).token;
    const refused = await call(t.app, 'POST', `/v1/user/${adminId}/invitation`, { token: manager });
    expect(refused.status).toBe(403);
    const medic = await call(t.app, 'POST', `/v1/user/${adminId}/invitation`, {
      token: (await signInAs(t.app, 'medic')).token,
    });
    expect(medic.status).toBe(403);
  });

  it('sends nothing when the creator sets the password', async () => {
    const body = staffBody({ password: 'Directa2026', pin: '1357' } as never);
    expect((await create(body, (await signInAs(t.app, 'superAdmin')).token)).status).toBe(201);
    await expect(invitationTo(body.username)).rejects.toThrow(/No hay invitación/);
  });
});
