import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { user } from '../../db/schema';
import { branchId, call, createTestApp, signInAs, type TestApp } from '../../test/harness';
import { agendaFixtures, type AgendaFixtures } from './agenda-fixtures.testing';

/**
 * GET /appointment/attendants: the booking form's 'Atiende' offers only who may attend an
 * appointment of its type at its branch (spec 002 §3: attendedBy is a doctor or a cosmetologist).
 */

let t: TestApp;
let admin: string;
let f: AgendaFixtures;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAs(t.app, 'superAdmin')).token;
  f = await agendaFixtures(t.app);
});
afterAll(() => t.close());

const attendants = (token: string, query: Record<string, string>) =>
  call<{ id: number; name: string }[]>(t.app, 'GET', '/v1/appointment/attendants', {
    token,
    query,
  });

describe('who may attend an appointment (GET /appointment/attendants)', () => {
  it('answers the branch medics for Médico, its cosmetologists for Cosmetóloga, both for Valoración', async () => {
    const branch = String(f.zonaRio);
    const medics = await attendants(admin, { branchId: branch, appointmentType: 'Médico' });
    expect(medics.status).toBe(200);
    const medicIds = medics.body.data.map((row) => row.id);
    expect(medicIds).toContain(f.medicId);
    expect(medicIds).not.toContain(f.cosmetologistId);
    const cosmetic = await attendants(admin, { branchId: branch, appointmentType: 'Cosmetóloga' });
    const cosmeticIds = cosmetic.body.data.map((row) => row.id);
    expect(cosmeticIds).toContain(f.cosmetologistId);
    expect(cosmeticIds).not.toContain(f.medicId);
    const both = await attendants(admin, { branchId: branch, appointmentType: 'Valoración' });
    expect(both.body.data.map((row) => row.id)).toEqual(
      expect.arrayContaining([f.medicId, f.cosmetologistId]),
    );
    // Never the administrator, nor anyone of another role.
    const [adminRow] = await t.app.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.username, 'admin@clinica.mx'));
    const adminId = adminRow!.id;
    expect(both.body.data.map((row) => row.id)).not.toContain(adminId);
  });

  it("keeps a role fixed to its branch to its own branch's staff", async () => {
    const manager = (await signInAs(t.app, 'branchManager')).token;
    const playas = await branchId(t.app, 'Playas de Tijuana');
    const answer = await attendants(manager, {
      branchId: String(playas),
      appointmentType: 'Médico',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((row) => row.id)).toContain(f.medicId);
  });

  it('400 naming the field for a type that does not exist', async () => {
    const answer = await attendants(admin, { appointmentType: 'Dentista' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('appointmentType');
  });
});
