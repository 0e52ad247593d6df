import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COLORS, DEPARTMENTS } from '@clinica/domain';
import { branch } from '../../db/schema';
import { call, createTestApp, signInAs, type TestApp } from '../../test/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signInAs(t.app, 'cosmetologist')).token;
});
afterAll(async () => {
  await t.close();
});

const lookup = async <T>(url: string) => {
  const answer = await call<T>(t.app, 'GET', url, { token });
  expect(answer.status, url).toBe(200);
  return answer.body.data;
};

describe('the read-only lookups the forms load (spec 000 §7)', () => {
  it('lists the treatment types Médico, Cosmetóloga and Valoración, nothing else', async () => {
    const types =
      await lookup<{ id: number; name: string; appointmentName: string }[]>('/v1/treatment-type');
    expect(types.map(({ name, appointmentName }) => ({ name, appointmentName }))).toEqual([
      { name: 'Médico', appointmentName: 'Cita médica' },
      { name: 'Cosmetóloga', appointmentName: 'Cita cosmetológica' },
      { name: 'Valoración', appointmentName: 'Valoración' },
    ]);
  });

  it('lists the product types Cosmetólogo/Venta, Médico/Venta, Uso Cabina and Insumo, nothing else', async () => {
    const types = await lookup<{ id: number; name: string }[]>('/v1/product-type');
    expect(types.map((type) => type.name)).toEqual([
      'Cosmetólogo/Venta',
      'Médico/Venta',
      'Uso Cabina',
      'Insumo',
    ]);
    for (const type of types) expect(Object.keys(type).sort()).toEqual(['id', 'name']);
  });

  it('lists the departments by name', async () => {
    const departments = await lookup<{ id: number; name: string }[]>('/v1/department');
    expect(departments.map((department) => department.name)).toEqual([
      'Administración',
      'Cosmetología',
      'Dirección',
      'Logística',
      'Médica',
    ]);
  });

  it('lists every job position with its department', async () => {
    const positions =
      await lookup<{ id: number; name: string; department: { id: number; name: string } }[]>(
        '/v1/job-position',
      );
    const expected = Object.entries(DEPARTMENTS).flatMap(([department, names]) =>
      names.map((name) => ({ name, department })),
    );
    expect(
      positions.map((position) => ({ name: position.name, department: position.department.name })),
    ).toEqual(expect.arrayContaining(expected));
    expect(positions).toHaveLength(expected.length);
    const departments = await lookup<{ id: number; name: string }[]>('/v1/department');
    for (const position of positions) expect(departments).toContainEqual(position.department);
  });

  it('lists the colours for cabin types, hex without #', async () => {
    const colours = await lookup<{ id: number; name: string; hex: string }[]>('/v1/color');
    expect(colours.map(({ name, hex }) => ({ name, hex }))).toEqual(COLORS.map((c) => ({ ...c })));
    for (const colour of colours) expect(colour.hex).toMatch(/^[0-9A-F]{6}$/);
  });
});

describe('GET /v1/branch/all (CONTRACT §1: the sign-in screen needs it)', () => {
  it('answers without a session: id, name and code of active branches, nothing more', async () => {
    const all = async () => {
      const answer = await call<Record<string, unknown>[]>(t.app, 'GET', '/v1/branch/all');
      expect(answer.status).toBe(200);
      return answer.body.data;
    };
    const before = await all();
    expect(before.map((row) => row.name)).toEqual([
      'CEDIS',
      'Mexicali Centro',
      'Playas de Tijuana',
      'Zona Río',
    ]);
    for (const row of before) {
      expect(Object.keys(row).sort()).toEqual(['code', 'id', 'name']);
      expect(typeof row.id).toBe('number');
      expect(typeof row.code).toBe('string');
    }
    await t.app.db.update(branch).set({ active: false }).where(eq(branch.name, 'Mexicali Centro'));
    await t.app.db
      .update(branch)
      .set({ deletedAt: t.clock.now() })
      .where(eq(branch.name, 'Playas de Tijuana'));
    expect((await all()).map((row) => row.name)).toEqual(['CEDIS', 'Zona Río']);
  });
});
