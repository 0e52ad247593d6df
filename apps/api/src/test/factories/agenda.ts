import type { FastifyInstance } from 'fastify';
import { insertSupplyProduct } from '../../modules/catalogue/test-support';
import { call, signInAs } from '../harness';
import { newApplianceAt, newCategory, newTreatment, uniqueKey } from './catalogue';
import { newBranch, newCabin } from './organization';
import { newStaffMember, type StaffMember } from './staff';

/**
 * The agenda's world (issue 23): a clinic of the test file's own, open 09:00–20:00 Monday to
 * Saturday, with its cabins, a working laser, its staff (a medic, a cosmetologist and a branch
 * manager, signed in there) and its treatments, each built through the API from reference data
 * read by a property (treatment types, their cabin types and areas, the first consent document).
 * Nothing in it names a demo row, so the demo's appointments, locks and staff never meet it.
 */

export interface AgendaTreatment {
  id: number;
  name: string;
  /** Its one category (a booking of it names this one). */
  categoryId: number;
  /** Its areas, in id order. */
  areaIds: number[];
}

export interface WorldProduct {
  id: number;
  sku: string;
}

export type CabinRole = 'medical' | 'laser' | 'facial' | 'facial2' | 'body' | 'valuation';
export type TreatmentRole =
  'toxin' | 'lips' | 'laser' | 'peel' | 'bodyRf' | 'cleansing' | 'valuation';

export interface AgendaWorld {
  /** The world's branch. */
  branch: number;
  /** A Super Administrador's token (all branches). */
  admin: string;
  /** The branch's own staff, each signed in at it. */
  staff: { medic: StaffMember; cosmetologist: StaffMember; manager: StaffMember };
  /** The cabins by what they are for, and the colour of each one's type. */
  cabins: Record<CabinRole, number>;
  cabinColors: Record<CabinRole, string>;
  treatments: Record<TreatmentRole, AgendaTreatment>;
  /** The toxin's recipe (a vial and a syringe a session, two pairs of gloves) and a stranger. */
  products: {
    vial: WorldProduct;
    syringe: WorldProduct;
    gloves: WorldProduct;
    foreign: WorldProduct;
  };
  perSession: { vial: number; syringe: number; gloves: number };
  /** The consent the toxin asks for. */
  consent: { id: number; name: string };
  /** The toxin's medical fee a session and the medic's ISR percent. */
  medicalFee: number;
  medicIsr: number;
}

type Named = { id: number; name: string };

async function referenceOf(app: FastifyInstance, admin: string) {
  const get = async <T>(url: string, query?: Record<string, string>) =>
    (await call<T>(app, 'GET', url, { token: admin, query })).body.data;
  const types = new Map(
    (await get<Named[]>('/v1/treatment-type')).map((type) => [type.name, type.id]),
  );
  const areasOf = async (type: string) =>
    (await get<Named[]>('/v1/area', { treatmentTypeId: String(types.get(type)) }))
      .map((entry) => entry.id)
      .sort((a, b) => a - b);
  const [consent] = (await get<Named[]>('/v1/consent')).sort((a, b) => a.id - b.id);
  if (!consent) throw new Error('No hay documentos de consentimiento');
  return {
    types: { medical: types.get('Médico')!, cosmetic: types.get('Cosmetóloga')! },
    valuationType: types.get('Valoración')!,
    medicalAreas: await areasOf('Médico'),
    cosmeticAreas: await areasOf('Cosmetóloga'),
    consent,
  };
}

async function productOf(app: FastifyInstance): Promise<WorldProduct> {
  const sku = uniqueKey('AGP');
  return { id: await insertSupplyProduct(app.db, sku), sku };
}

/** Builds the world a test file of the agenda starts from. */
export async function agendaWorld(app: FastifyInstance): Promise<AgendaWorld> {
  const admin = (await signInAs(app, 'superAdmin')).token;
  const ref = await referenceOf(app, admin);
  const branch = await newBranch(app, admin, { open: true });
  const medicIsr = 12.5;
  const staff = {
    medic: await newStaffMember(app, admin, {
      role: 'medic',
      jobPosition: 'Médico Estético',
      branchId: branch,
      isr: medicIsr,
    }),
    cosmetologist: await newStaffMember(app, admin, {
      role: 'cosmetologist',
      jobPosition: 'Cosmetóloga',
      branchId: branch,
    }),
    manager: await newStaffMember(app, admin, {
      role: 'branchManager',
      jobPosition: 'Gerente de Sucursal',
      branchId: branch,
    }),
  };
  const cabinTypeOf: Record<CabinRole, number> = {
    medical: ref.types.medical,
    laser: ref.types.medical,
    facial: ref.types.cosmetic,
    facial2: ref.types.cosmetic,
    body: ref.types.cosmetic,
    valuation: ref.valuationType,
  };
  const cabins = {} as Record<CabinRole, number>;
  const cabinColors = {} as Record<CabinRole, string>;
  for (const [role, typeId] of Object.entries(cabinTypeOf) as [CabinRole, number][]) {
    const made = await newCabin(app, admin, branch, typeId);
    cabins[role] = made.id;
    cabinColors[role] = made.color;
  }
  const laserAppliance = await newApplianceAt(app, admin, ref.types.medical, branch);
  const products = {
    vial: await productOf(app),
    syringe: await productOf(app),
    gloves: await productOf(app),
    foreign: await productOf(app),
  };
  const perSession = { vial: 1, syringe: 1, gloves: 2 };
  const medicalFee = 900;
  const [frontal, glabella, lips] = ref.medicalAreas;
  const [face, body] = ref.cosmeticAreas;
  if (!lips || !body) throw new Error('Faltan áreas de los tipos Médico y Cosmetóloga');
  const categories = {
    injectables: (await newCategory(app, admin, 'Inyectables')).id,
    laser: (await newCategory(app, admin, 'Láser')).id,
    facial: (await newCategory(app, admin, 'Faciales')).id,
    body: (await newCategory(app, admin, 'Corporales')).id,
    valuation: (await newCategory(app, admin, 'Valoraciones')).id,
  };
  const specs: Record<TreatmentRole, Parameters<typeof newTreatment>[2]> = {
    toxin: {
      name: `Toxina de fábrica ${uniqueKey('')}`,
      type: 'Médico',
      term: '00:30',
      categoriesIds: [categories.injectables],
      areasIds: [frontal!, glabella!],
      medicalFee,
      consentId: ref.consent.id,
      treatmentProduct: (['vial', 'syringe', 'gloves'] as const).map((key) => ({
        productId: products[key].id,
        quantity: perSession[key],
      })),
    },
    lips: {
      name: `Labios de fábrica ${uniqueKey('')}`,
      type: 'Médico',
      term: '01:00',
      categoriesIds: [categories.injectables],
      areasIds: [lips],
      medicalFee,
    },
    laser: {
      name: `Láser de fábrica ${uniqueKey('')}`,
      type: 'Médico',
      term: '01:00',
      categoriesIds: [categories.laser],
      areasIds: [frontal!],
      applianceIds: [laserAppliance],
      medicalFee,
    },
    peel: {
      name: `Peeling de fábrica ${uniqueKey('')}`,
      type: 'Cosmetóloga',
      term: '00:30',
      categoriesIds: [categories.facial],
      areasIds: [face!],
    },
    bodyRf: {
      name: `Radiofrecuencia de fábrica ${uniqueKey('')}`,
      type: 'Cosmetóloga',
      term: '01:00',
      categoriesIds: [categories.body],
      areasIds: [body],
    },
    cleansing: {
      name: `Limpieza de fábrica ${uniqueKey('')}`,
      type: 'Cosmetóloga',
      term: '01:00',
      categoriesIds: [categories.facial],
      areasIds: [face!],
    },
    valuation: {
      name: `Valoración de fábrica ${uniqueKey('')}`,
      type: 'Valoración',
      term: '00:30',
      categoriesIds: [categories.valuation],
    },
  };
  const treatments = {} as Record<TreatmentRole, AgendaTreatment>;
  for (const [role, spec] of Object.entries(specs) as [TreatmentRole, typeof specs.toxin][])
    treatments[role] = {
      id: (await newTreatment(app, admin, spec)).id,
      name: spec.name,
      categoryId: spec.categoriesIds[0]!,
      areaIds: [...(spec.areasIds ?? [])].sort((a, b) => a - b),
    };
  return {
    branch,
    admin,
    staff,
    cabins,
    cabinColors,
    treatments,
    products,
    perSession,
    consent: { id: ref.consent.id, name: ref.consent.name },
    medicalFee,
    medicIsr,
  };
}
