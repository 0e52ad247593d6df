import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchId, call, claimsOf, createTestApp, type TestApp } from '../../test/harness';
import { agendaWorld, type AgendaWorld } from './agenda-fixtures.testing';

/**
 * GET /appointment/attendants: the booking form's 'Atiende' offers only who may attend an
 * appointment of its type at its branch (spec 002 §3: attendedBy is a doctor or a cosmetologist).
 */

let t: TestApp;
let admin: string;
let w: AgendaWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await agendaWorld(t.app);
  admin = w.admin;
}, 120_000);
afterAll(() => t.close());

const attendants = (token: string, query: Record<string, string>) =>
  call<{ id: number; name: string }[]>(t.app, 'GET', '/v1/appointment/attendants', {
    token,
    query,
  });

describe('who may attend an appointment (GET /appointment/attendants)', () => {
  it('answers the branch medics for Médico, its cosmetologists for Cosmetóloga, both for Valoración', async () => {
    const branch = String(w.branch);
    const { medic, cosmetologist, manager } = w.staff;
    const medics = await attendants(admin, { branchId: branch, appointmentType: 'Médico' });
    expect(medics.status).toBe(200);
    expect(medics.body.data.map((row) => row.id)).toEqual([medic.id]);
    const cosmetic = await attendants(admin, { branchId: branch, appointmentType: 'Cosmetóloga' });
    expect(cosmetic.body.data.map((row) => row.id)).toEqual([cosmetologist.id]);
    const both = await attendants(admin, { branchId: branch, appointmentType: 'Valoración' });
    const bothIds = both.body.data.map((row) => row.id);
    expect([...bothIds].sort()).toEqual([medic.id, cosmetologist.id].sort());
    // Never the administrator, nor anyone of another role (the branch's own manager).
    expect(bothIds).not.toContain(Number(claimsOf(admin).userId));
    expect(bothIds).not.toContain(manager.id);
  });

  it("keeps a role fixed to its branch to its own branch's staff", async () => {
    const manager = w.staff.manager.token;
    const playas = await branchId(t.app, 'Playas de Tijuana');
    const answer = await attendants(manager, {
      branchId: String(playas),
      appointmentType: 'Médico',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((row) => row.id)).toEqual([w.staff.medic.id]);
  });

  it('400 naming the field for a type that does not exist', async () => {
    const answer = await attendants(admin, { appointmentType: 'Dentista' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('appointmentType');
  });
});
