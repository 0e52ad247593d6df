import { count, sql } from 'drizzle-orm';
import { SCHEDULE_DAYS } from '@clinica/domain';
import type { Db, Executor } from '../db/client';
import * as schema from '../db/schema';
import { seedOrganization } from './organization';
import { seedCatalogueDemo } from './catalogue';
import { insertExtraStaff } from './extra-staff';
import { seedAttendanceDemo } from './attendance';
import { seedPurchaseOrdersDemo } from './purchase-orders';
import { seedTransfersDemo } from './transfers';
import { seedAssortmentOrdersDemo } from './assortment-orders';
import { seedSettingsGoalsDemo } from './settings-goals';
import { seedPackagesDemo } from './packages';
import { seedCouponsDemo } from './coupons';
import { seedSaleOrdersDemo } from './sale-orders';
import { seedCustomersDemo } from './customers';
import { seedOrdersDemo } from './orders';
import { seedCashOrdersDemo } from './cash-orders';
import { seedCashClosingsDemo } from './cash-closings';
import { seedAgendaDemo } from './agenda';
import { seedAppointmentFinishesDemo } from './appointment-finishes';
import { insertStaffMember, type StaffMember } from './staff';

type Schedule = { day: number; opening: string; closing: string }[];

/**
 * Monday to Friday, Saturday and Sunday hours, days 0 (Monday) to 6 (Sunday) (CONTRACT §8); a day
 * off is 00:00–00:00 (spec 000 §4).
 */
function week(
  weekday: [string, string],
  saturday: [string, string],
  sunday: [string, string] = ['00:00', '00:00'],
): Schedule {
  return SCHEDULE_DAYS.map((day) => {
    const [opening, closing] = day <= 4 ? weekday : day === 5 ? saturday : sunday;
    return { day, opening, closing };
  });
}

export const DEMO_BRANCHES = [
  {
    name: 'CEDIS',
    street: 'Blvd. Industrial',
    extNumber: '2450',
    suburb: 'Ciudad Industrial',
    city: 'Tijuana',
    state: 'Baja California',
    zipCode: '22444',
    phone: '6646231000',
    code: 'CEDIS00001',
    rfc: 'CBE180101AB1',
    businessName: 'Clínicas Bellezza S.A. de C.V.',
    distributionCenter: true,
    schedule: week(['08:00', '18:00'], ['08:00', '13:00']),
  },
  {
    name: 'Zona Río',
    street: 'Paseo de los Héroes',
    extNumber: '9350',
    intNumber: 'Local 12',
    suburb: 'Zona Urbana Río',
    city: 'Tijuana',
    state: 'Baja California',
    zipCode: '22010',
    phone: '6646342200',
    lat: '32.5251500',
    lng: '-117.0246400',
    code: 'TIJZRIO001',
    rfc: 'CBE180101AB1',
    businessName: 'Clínicas Bellezza S.A. de C.V.',
    schedule: week(['09:00', '20:00'], ['09:00', '15:00']),
  },
  {
    name: 'Playas de Tijuana',
    street: 'Paseo Ensenada',
    extNumber: '410',
    suburb: 'Playas de Tijuana',
    city: 'Tijuana',
    state: 'Baja California',
    zipCode: '22500',
    phone: '6646809010',
    code: 'TIJPLAY002',
    rfc: 'BPT200315XY2',
    businessName: 'Belleza Playas S. de R.L. de C.V.',
    franchise: true,
    schedule: week(['10:00', '19:00'], ['10:00', '14:00']),
  },
  {
    name: 'Mexicali Centro',
    street: 'Calz. Independencia',
    extNumber: '1200',
    suburb: 'Centro Cívico',
    city: 'Mexicali',
    state: 'Baja California',
    zipCode: '21000',
    phone: '6865561234',
    code: 'MXLCENT003',
    rfc: 'CBE180101AB1',
    businessName: 'Clínicas Bellezza S.A. de C.V.',
    schedule: week(['09:00', '19:30'], ['09:00', '14:00'], ['10:00', '14:00']),
  },
] as const;

export async function insertBranch(executor: Executor, input: (typeof DEMO_BRANCHES)[number]) {
  const { schedule, ...fields } = input;
  const [created] = await executor.insert(schema.branch).values(fields).returning();
  await executor
    .insert(schema.branchSchedule)
    .values(schedule.map((day) => ({ ...day, branchId: created!.id })));
  return created!;
}

/** The seven demo users of CONTRACT §1, one per role, each with PIN 1234. */
function demoStaff(cedis: number, first: number, second: number): StaffMember[] {
  const base = { pin: '1234', status: 'activo' as const };
  return [
    {
      ...base,
      name: 'Alejandra',
      lastName: 'Ruiz',
      motherLastName: 'Campos',
      username: 'admin@clinica.mx',
      password: 'Admin1234',
      roleKey: 'superAdmin',
      branchId: first,
      employeeNumber: '000001',
      jobPosition: 'Director General',
      gender: 'Femenino',
      birthdate: '1980-03-14',
    },
    {
      ...base,
      name: 'Luis',
      lastName: 'Herrera',
      motherLastName: 'Mora',
      username: 'logistica@clinica.mx',
      password: 'Logistica1234',
      roleKey: 'logisticsManager',
      branchId: cedis,
      employeeNumber: '000002',
      jobPosition: 'Gerente de Logística',
      gender: 'Masculino',
      birthdate: '1986-07-02',
    },
    {
      ...base,
      name: 'Daniela',
      lastName: 'Castro',
      motherLastName: 'Vega',
      username: 'gerente@clinica.mx',
      password: 'Gerente1234',
      roleKey: 'branchManager',
      branchId: first,
      employeeNumber: '000003',
      jobPosition: 'Gerente de Sucursal',
      gender: 'Femenino',
      birthdate: '1988-11-20',
    },
    {
      ...base,
      name: 'Ricardo',
      lastName: 'Núñez',
      motherLastName: 'Salas',
      username: 'operativo@clinica.mx',
      password: 'Operativo1234',
      roleKey: 'operationalManager',
      branchId: first,
      employeeNumber: '000004',
      jobPosition: 'Gerente Operativo',
      gender: 'Masculino',
      birthdate: '1990-01-28',
    },
    {
      ...base,
      name: 'Fernanda',
      lastName: 'Ibarra',
      motherLastName: 'Lozano',
      username: 'franquicia@clinica.mx',
      password: 'Franquicia1234',
      roleKey: 'franchisee',
      branchId: second,
      employeeNumber: '000005',
      jobPosition: 'Franquiciatario',
      gender: 'Femenino',
      birthdate: '1979-05-09',
    },
    {
      ...base,
      name: 'Jorge',
      lastName: 'Martínez',
      motherLastName: 'Ochoa',
      username: 'medico@clinica.mx',
      password: 'Medico1234',
      roleKey: 'medic',
      branchId: first,
      employeeNumber: '000006',
      jobPosition: 'Médico Estético',
      gender: 'Masculino',
      birthdate: '1984-09-17',
    },
    {
      ...base,
      name: 'Sofía',
      lastName: 'Ramírez',
      motherLastName: 'Peña',
      username: 'cosmetologa@clinica.mx',
      password: 'Cosmetologa1234',
      roleKey: 'cosmetologist',
      branchId: first,
      employeeNumber: '000007',
      jobPosition: 'Cosmetóloga',
      gender: 'Femenino',
      birthdate: '1995-02-23',
    },
  ];
}

/** Fills an empty database with the demo data of CONTRACT §1; does nothing once branches exist. */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Several processes may start at once on one server: one seeds, the others see its data.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
    const [existing] = await tx.select({ branches: count() }).from(schema.branch);
    if ((existing?.branches ?? 0) > 0) return false;
    const branches = [];
    for (const branch of DEMO_BRANCHES) branches.push(await insertBranch(tx, branch));
    await seedOrganization(tx, branches);
    await seedCatalogueDemo(tx, branches, now);
    for (const member of demoStaff(branches[0]!.id, branches[1]!.id, branches[2]!.id)) {
      await insertStaffMember(tx, member);
    }
    await insertExtraStaff(tx, branches);
    await seedAttendanceDemo(tx, now);
    // The distribution centre's stock arrives through purchase orders, once the staff exist.
    await seedPurchaseOrdersDemo(tx, now);
    // Transfers between the clinics, through the service, once their stock and staff exist.
    await seedTransfersDemo(tx, now);
    // Restocking of the clinics from the distribution centre's lots, once the staff exist.
    await seedAssortmentOrdersDemo(tx, now);
    // The rate history and every clinic's monthly goals, through their services.
    await seedSettingsGoalsDemo(tx, now);
    await seedPackagesDemo(tx, now);
    // Customers, tutors, the blacklist and notes, through the service, once the staff exist.
    await seedCustomersDemo(tx, now);
    // Coupons, created and used through their services (issue 14), by customers that exist.
    await seedCouponsDemo(tx, now);
    // Sale orders to business customers, last: they take what the other flows left in the lots.
    await seedSaleOrdersDemo(tx, now);
    // Orders of treatments, packages and promotions through the sale, once customers and offers exist.
    await seedOrdersDemo(tx, now);
    // Three weeks of appointments and a few locks around today, once customers and staff exist.
    await seedAgendaDemo(tx, now);
    // A few of those appointments finished (bought treatments, lots used, commissions) and missed,
    // through the finish's service.
    await seedAppointmentFinishesDemo(tx, now);
    // Products sold at the counter from the clinics' lots, some refunded, last (issue 26).
    await seedCashOrdersDemo(tx, now);
    // The past weeks' daily cash closings, through the closing's service, last: from then on
    // those days are frozen (issue 27).
    await seedCashClosingsDemo(tx, now);
    return true;
  });
}
