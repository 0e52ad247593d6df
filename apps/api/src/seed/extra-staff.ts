import type { Executor } from '../db/client';
import { hashSecret } from '../platform/passwords';
import { insertStaffMember, type StaffMember } from './staff';

/**
 * Staff beyond the seven demo users (issue 4), so the staff list pages and the agenda has
 * several medics and cosmetologists per clinic branch. They share the password `Clinica1234` and
 * PIN `1234`; two are inactive so the status filter shows something.
 */

type Extra = Pick<
  StaffMember,
  'name' | 'lastName' | 'motherLastName' | 'roleKey' | 'jobPosition' | 'gender' | 'birthdate'
> & {
  branch: 'Zona Río' | 'Playas de Tijuana' | 'Mexicali Centro';
  admissionDate: string;
  workShift: NonNullable<StaffMember['workShift']>;
  status?: 'inactivo';
};

const medic = { roleKey: 'medic', jobPosition: 'Médico Estético' } as const;
const dermatologist = { roleKey: 'medic', jobPosition: 'Médico Dermatólogo' } as const;
const cosmetologist = { roleKey: 'cosmetologist', jobPosition: 'Cosmetóloga' } as const;
const seniorCosmetologist = {
  roleKey: 'cosmetologist',
  jobPosition: 'Cosmetóloga Senior',
} as const;
// Reception works the branch's agenda and customers: the operational manager's privileges.
const receptionist = { roleKey: 'operationalManager', jobPosition: 'Recepcionista' } as const;

const EXTRA_STAFF: Extra[] = [
  {
    ...medic,
    name: 'Andrés',
    lastName: 'Villalobos',
    motherLastName: 'Cárdenas',
    gender: 'Masculino',
    birthdate: '1982-06-11',
    branch: 'Zona Río',
    admissionDate: '2021-03-15',
    workShift: 'matutino',
  },
  {
    ...dermatologist,
    name: 'Mariana',
    lastName: 'Esquivel',
    motherLastName: 'Robles',
    gender: 'Femenino',
    birthdate: '1987-10-02',
    branch: 'Zona Río',
    admissionDate: '2022-08-01',
    workShift: 'vespertino',
  },
  {
    ...cosmetologist,
    name: 'Paola',
    lastName: 'Mendoza',
    motherLastName: 'Aguilar',
    gender: 'Femenino',
    birthdate: '1997-01-19',
    branch: 'Zona Río',
    admissionDate: '2023-02-06',
    workShift: 'matutino',
  },
  {
    ...seniorCosmetologist,
    name: 'Karla',
    lastName: 'Domínguez',
    motherLastName: 'Fuentes',
    gender: 'Femenino',
    birthdate: '1991-12-08',
    branch: 'Zona Río',
    admissionDate: '2020-09-14',
    workShift: 'intermedio',
  },
  {
    ...cosmetologist,
    name: 'Ximena',
    lastName: 'Orozco',
    motherLastName: 'Beltrán',
    gender: 'Femenino',
    birthdate: '1999-05-27',
    branch: 'Zona Río',
    admissionDate: '2024-01-08',
    workShift: 'vespertino',
  },
  {
    ...receptionist,
    name: 'Itzel',
    lastName: 'Navarro',
    motherLastName: 'Quintero',
    gender: 'Femenino',
    birthdate: '2000-07-30',
    branch: 'Zona Río',
    admissionDate: '2023-06-19',
    workShift: 'matutino',
  },
  {
    ...receptionist,
    name: 'Óscar',
    lastName: 'Trujillo',
    motherLastName: 'Espinoza',
    gender: 'Masculino',
    birthdate: '1998-03-03',
    branch: 'Zona Río',
    admissionDate: '2022-11-21',
    workShift: 'vespertino',
    status: 'inactivo',
  },
  {
    ...medic,
    name: 'Rodrigo',
    lastName: 'Sandoval',
    motherLastName: 'Guerrero',
    gender: 'Masculino',
    birthdate: '1979-08-24',
    branch: 'Playas de Tijuana',
    admissionDate: '2020-02-03',
    workShift: 'matutino',
  },
  {
    ...dermatologist,
    name: 'Lucía',
    lastName: 'Avendaño',
    motherLastName: 'Paredes',
    gender: 'Femenino',
    birthdate: '1985-04-16',
    branch: 'Playas de Tijuana',
    admissionDate: '2021-10-11',
    workShift: 'vespertino',
  },
  {
    ...cosmetologist,
    name: 'Renata',
    lastName: 'Cervantes',
    motherLastName: 'Luna',
    gender: 'Femenino',
    birthdate: '1996-09-05',
    branch: 'Playas de Tijuana',
    admissionDate: '2022-04-25',
    workShift: 'matutino',
  },
  {
    ...seniorCosmetologist,
    name: 'Guadalupe',
    lastName: 'Zamora',
    motherLastName: 'Rivas',
    gender: 'Femenino',
    birthdate: '1989-11-28',
    branch: 'Playas de Tijuana',
    admissionDate: '2019-07-01',
    workShift: 'intermedio',
  },
  {
    ...cosmetologist,
    name: 'Abril',
    lastName: 'Montes',
    motherLastName: 'Del Río',
    gender: 'Femenino',
    birthdate: '2001-02-14',
    branch: 'Playas de Tijuana',
    admissionDate: '2024-03-04',
    workShift: 'vespertino',
    status: 'inactivo',
  },
  {
    ...receptionist,
    name: 'Diana',
    lastName: 'Ledesma',
    motherLastName: 'Solís',
    gender: 'Femenino',
    birthdate: '1999-12-01',
    branch: 'Playas de Tijuana',
    admissionDate: '2023-09-18',
    workShift: 'matutino',
  },
  {
    ...medic,
    name: 'Emilio',
    lastName: 'Cordero',
    motherLastName: 'Valenzuela',
    gender: 'Masculino',
    birthdate: '1983-01-09',
    branch: 'Mexicali Centro',
    admissionDate: '2021-05-17',
    workShift: 'matutino',
  },
  {
    ...medic,
    name: 'Natalia',
    lastName: 'Urías',
    motherLastName: 'Félix',
    gender: 'Femenino',
    birthdate: '1990-06-21',
    branch: 'Mexicali Centro',
    admissionDate: '2023-01-16',
    workShift: 'vespertino',
  },
  {
    ...cosmetologist,
    name: 'Camila',
    lastName: 'Ochoa',
    motherLastName: 'Gastélum',
    gender: 'Femenino',
    birthdate: '1995-03-12',
    branch: 'Mexicali Centro',
    admissionDate: '2022-02-14',
    workShift: 'matutino',
  },
  {
    ...seniorCosmetologist,
    name: 'Verónica',
    lastName: 'Lugo',
    motherLastName: 'Armenta',
    gender: 'Femenino',
    birthdate: '1988-08-07',
    branch: 'Mexicali Centro',
    admissionDate: '2020-11-09',
    workShift: 'intermedio',
  },
  {
    ...cosmetologist,
    name: 'Fátima',
    lastName: 'Acosta',
    motherLastName: 'Meléndez',
    gender: 'Femenino',
    birthdate: '1998-10-23',
    branch: 'Mexicali Centro',
    admissionDate: '2024-02-12',
    workShift: 'vespertino',
  },
  {
    ...receptionist,
    name: 'Brenda',
    lastName: 'Ibáñez',
    motherLastName: 'Zúñiga',
    gender: 'Femenino',
    birthdate: '1997-04-04',
    branch: 'Mexicali Centro',
    admissionDate: '2022-07-04',
    workShift: 'matutino',
  },
  {
    ...receptionist,
    name: 'Héctor',
    lastName: 'Peña',
    motherLastName: 'Castañeda',
    gender: 'Masculino',
    birthdate: '1994-12-17',
    branch: 'Mexicali Centro',
    admissionDate: '2021-08-30',
    workShift: 'vespertino',
  },
  {
    ...dermatologist,
    name: 'Santiago',
    lastName: 'Ríos',
    motherLastName: 'Bustamante',
    gender: 'Masculino',
    birthdate: '1986-02-26',
    branch: 'Mexicali Centro',
    admissionDate: '2023-04-10',
    workShift: 'intermedio',
  },
];

/** 'Óscar' 'Trujillo' → 'oscar.trujillo@clinica.mx'. */
function usernameOf(name: string, lastName: string): string {
  const plain = (word: string) =>
    word
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return `${plain(name)}.${plain(lastName)}@clinica.mx`;
}

export async function insertExtraStaff(
  executor: Executor,
  branches: { id: number; name: string }[],
): Promise<void> {
  const branchIds = new Map(branches.map((branch) => [branch.name, branch.id]));
  // One hash for all: argon2 takes a moment per hash and every test database runs this seed.
  const hashes = { password: await hashSecret('Clinica1234'), pin: await hashSecret('1234') };
  let number = 100;
  for (const { branch, ...member } of EXTRA_STAFF) {
    number += 1;
    const branchId = branchIds.get(branch);
    if (!branchId) throw new Error(`Falta la sucursal ${branch}`);
    await insertStaffMember(executor, {
      ...member,
      branchId,
      username: usernameOf(member.name, member.lastName),
      password: 'Clinica1234',
      pin: '1234',
      hashes,
      employeeNumber: String(number).padStart(6, '0'),
    });
  }
}
