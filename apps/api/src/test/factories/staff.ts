import type { FastifyInstance } from 'fastify';
import type { RoleKey, StaffRecord } from '@clinica/domain';
import { call } from '../harness';

/**
 * Factories of staff: an employee of the test's own at a branch (POST /user/create, with the
 * employee file that places them there), and a sign-in as them.
 */

export interface StaffMember {
  id: number;
  username: string;
  password: string;
  /** The access token of a sign-in at the member's branch. */
  token: string;
}

let members = 0;
const PASSWORD = 'Fabrica1234';

async function idsByName(app: FastifyInstance, token: string, url: string, key: 'key' | 'name') {
  const answer = await call<Record<string, string | number>[]>(app, 'GET', url, { token });
  return new Map(answer.body.data.map((row) => [String(row[key]), Number(row.id)]));
}

/** The create body: a complete employee file of `jobPosition` at `branchId`, unique keys. */
function staffBody(roleId: number, positionId: number, branchId: number, isr: number | null) {
  members += 1;
  const serial = `${String(process.pid % 1000).padStart(3, '0')}${String(members % 1000).padStart(3, '0')}`;
  return {
    name: 'Fabiana',
    lastName: `Plantilla${members}`,
    motherLastName: 'Torres',
    username: `plantilla.${serial}@clinica.mx`,
    password: PASSWORD,
    roleId,
    kardex: {
      employeeNumber: serial,
      jobPositionId: positionId,
      branchId,
      birthdate: '1990-04-12',
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
      bankInformation: { salary: 15500.5, bankAccount: '012180001234567890', isr },
      personalData: {
        gender: 'Femenino',
        maritalStatus: 'Soltero',
        nationality: 'Mexicana',
        birthState: 'Baja California',
        birthCity: 'Tijuana',
        nss: '12345678901',
        curp: 'GOTV960412MBCMRL09',
        rfc: 'GOTV960412AB1',
        ocr: '1234567890123',
        infonavit: 0,
        educationalDegree: 'superior',
        profession: 'Salud',
        professionalLicense: null,
        provisionalProfesionalLicense: null,
        childrens: 0,
        email: `plantilla.${serial}@correo.mx`,
        bloodType: 'O+',
        diseases: 'Ninguna',
        allergies: 'Ninguna',
        drugAllergies: 'Ninguna',
      },
      contacts: [
        { name: 'Rosa Torres Díaz', relationships: 'Madre', phone: '6641112233', main: 1 },
      ],
      jobReferences: [
        {
          company: 'Spa Luna',
          position: 'Auxiliar',
          boss: 'Ana Ruiz',
          phone: '6642223344',
          main: 1,
        },
      ],
      signatures: [{ number: 1, date: '2024-03-01' }],
    },
  };
}

/** Signs a user in at a branch with a password; the access token. */
export async function signInWith(
  app: FastifyInstance,
  username: string,
  password: string,
  branchId: number,
): Promise<string> {
  const answer = await call<{ token: string }>(app, 'POST', '/v1/auth/sign-in', {
    body: { branchId, username, password },
  });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data.token;
}

/**
 * A new active employee of `role` whose employee file is at `branchId` (who the branch's staff
 * lists and a role fixed to the branch count), in the job position named; signed in there.
 * `isr` is the file's ISR percent (a medic's position asks for one: 10 unless said).
 */
export async function newStaffMember(
  app: FastifyInstance,
  token: string,
  options: { role: RoleKey; jobPosition: string; branchId: number; isr?: number | null },
): Promise<StaffMember> {
  const roles = await idsByName(app, token, '/v1/role', 'key');
  const positions = await idsByName(app, token, '/v1/job-position', 'name');
  const isr = options.isr ?? (options.jobPosition.startsWith('Médico') ? 10 : null);
  const body = staffBody(
    roles.get(options.role)!,
    positions.get(options.jobPosition)!,
    options.branchId,
    isr,
  );
  const answer = await call<StaffRecord>(app, 'POST', '/v1/user/create', { token, body });
  if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
  return {
    id: answer.body.data.id,
    username: body.username,
    password: PASSWORD,
    token: await signInWith(app, body.username, PASSWORD, options.branchId),
  };
}
