import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { describe, expect, it } from 'vitest';
import { staffBodyFrom, updateStaffBody } from '@clinica/domain';
import { call, claimsOf, signInAs, type DemoRole } from '../../test/harness';
import {
  type Option,
  type Page,
  branches,
  create,
  created,
  get,
  list,
  png,
  roles,
  staffBody,
  t,
  tokens,
  update,
  upload,
  userIdOf,
  withKardex,
  useStaffWorld,
} from './user.fixture';

useStaffWorld();

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
    // More than a page of staff, whatever the demo holds beyond its users.
    for (let index = 0; index < 16; index += 1) await created();
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
