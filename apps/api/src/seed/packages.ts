import { and, eq, inArray, isNull } from 'drizzle-orm';
import { localDayAndTime, type OfferType, type SalePaymentMethod } from '@clinica/domain';
import type { Db, Tx } from '../db/client';
import * as schema from '../db/schema';
import type { Clock } from '../platform/clock';
import { sessionAs } from './demo-history';
import { createOffer } from '../modules/packages/package.service';

/**
 * The demo's packages and promotions (issue 14), made by the super administrator through the
 * service the API calls: packages of sessions, one limited in time around today, promotions by
 * hours, by dates and hours, one already over, and one that takes points. Runs inside the demo
 * seed's transaction, after the catalogue and the staff.
 */

const DAY = 86_400_000;

/** A branch-local day `days` from today in Tijuana, where the demo's clinics are. */
function dayFrom(now: Date, days: number): string {
  const today = localDayAndTime(now, 'America/Tijuana').date;
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

interface DemoLine {
  sku: string;
  sessions?: number;
  regularPrice: number;
  promotionPrice: number;
}

interface DemoOffer {
  type: OfferType;
  sku: string;
  name: string;
  description: string;
  treatmentType: string;
  category: string;
  points: number;
  cabainTime: string;
  branches: string[];
  paymentType: SalePaymentMethod[];
  dates?: [number, number];
  hours?: [string, string];
  lines: DemoLine[];
}

const CARDS: SalePaymentMethod[] = ['Efectivo', 'Tarjeta de crédito', 'Tarjeta de débito'];
const ALL_CLINICS = ['Zona Río', 'Playas de Tijuana', 'Mexicali Centro'];

const OFFERS: DemoOffer[] = [
  {
    type: 'Package',
    sku: 'PQ-FACIAL',
    name: 'Paquete facial radiante',
    description: 'Tres limpiezas profundas y dos peelings de ácido glicólico, una sesión al mes.',
    treatmentType: 'Cosmetóloga',
    category: 'Faciales',
    points: 120,
    cabainTime: '01:30',
    branches: ALL_CLINICS,
    paymentType: [...CARDS, 'Transferencia electrónica'],
    lines: [
      { sku: 'TC-LIMPZ', sessions: 3, regularPrice: 2550, promotionPrice: 2100 },
      { sku: 'TC-PEELG', sessions: 2, regularPrice: 2400, promotionPrice: 1900 },
    ],
  },
  {
    type: 'Package',
    sku: 'PQ-LASAX6',
    name: 'Depilación láser axilas, 6 sesiones',
    description: 'Seis sesiones de depilación láser diodo en axilas, cada cuatro a seis semanas.',
    treatmentType: 'Médico',
    category: 'Depilación láser',
    points: 200,
    cabainTime: '00:30',
    branches: ['Zona Río', 'Mexicali Centro'],
    paymentType: CARDS,
    lines: [{ sku: 'TX-LASAX', sessions: 6, regularPrice: 5400, promotionPrice: 3900 }],
  },
  {
    type: 'Package',
    sku: 'PQ-REJUV',
    name: 'Rejuvenecimiento de temporada',
    description: 'Toxina en tercio superior y bioestimulación de colágeno, por tiempo limitado.',
    treatmentType: 'Médico',
    category: 'Inyectables',
    points: 450,
    cabainTime: '01:00',
    branches: ALL_CLINICS,
    paymentType: [...CARDS, 'Transferencia electrónica', 'Depósito bancario'],
    dates: [-7, 10],
    lines: [
      { sku: 'TX-TOXSUP', sessions: 1, regularPrice: 4500, promotionPrice: 3800 },
      { sku: 'TX-BIOEST', sessions: 2, regularPrice: 19600, promotionPrice: 16500 },
    ],
  },
  {
    type: 'Promotion',
    sku: 'PR-HYDRAM',
    name: 'Hidrofacial matutino',
    description: 'Hidrofacial a precio especial de 10:00 a 14:00.',
    treatmentType: 'Cosmetóloga',
    category: 'Faciales',
    points: 30,
    cabainTime: '01:00',
    branches: ['Zona Río', 'Playas de Tijuana'],
    paymentType: ['Efectivo', 'Tarjeta de débito'],
    hours: ['10:00', '14:00'],
    lines: [{ sku: 'TC-HYDRA', regularPrice: 1900, promotionPrice: 1299 }],
  },
  {
    type: 'Promotion',
    sku: 'PR-LABIOS',
    name: 'Labios por la tarde',
    description: 'Relleno de labios con descuento entre semana por la tarde, este mes.',
    treatmentType: 'Médico',
    category: 'Inyectables',
    points: 60,
    cabainTime: '01:00',
    branches: ALL_CLINICS,
    paymentType: CARDS,
    dates: [-3, 25],
    hours: ['16:00', '20:00'],
    lines: [{ sku: 'TX-LABIOS', regularPrice: 6500, promotionPrice: 5200 }],
  },
  {
    type: 'Promotion',
    sku: 'PR-RFPTOS',
    name: 'Radiofrecuencia con puntos',
    description: 'Radiofrecuencia corporal que también se paga con los puntos del cliente.',
    treatmentType: 'Cosmetóloga',
    category: 'Corporales',
    points: 0,
    cabainTime: '01:00',
    branches: ALL_CLINICS,
    paymentType: ['Efectivo', 'Puntos'],
    lines: [{ sku: 'TC-RFCORP', regularPrice: 1500, promotionPrice: 1100 }],
  },
  {
    type: 'Promotion',
    sku: 'PR-VERANO',
    name: 'Peeling de verano',
    description: 'Peeling de ácido glicólico para preparar la piel; la promoción ya terminó.',
    treatmentType: 'Cosmetóloga',
    category: 'Peelings',
    points: 20,
    cabainTime: '01:00',
    branches: ['Playas de Tijuana'],
    paymentType: CARDS,
    dates: [-150, -90],
    lines: [{ sku: 'TC-PEELG', regularPrice: 1200, promotionPrice: 890 }],
  },
];

export async function seedPackagesDemo(tx: Tx, now: Date): Promise<void> {
  const db = tx as unknown as Db;
  const branches = await tx
    .select({ id: schema.branch.id, name: schema.branch.name })
    .from(schema.branch)
    .where(isNull(schema.branch.deletedAt));
  const types = await tx.select().from(schema.treatmentType);
  const categories = await tx
    .select({ id: schema.category.id, name: schema.category.name })
    .from(schema.category)
    .where(eq(schema.category.type, 'treatment'));
  const skus = [...new Set(OFFERS.flatMap((offer) => offer.lines.map((line) => line.sku)))];
  const treatments = await tx
    .select({
      id: schema.treatment.id,
      sku: schema.treatment.sku,
      area: schema.treatmentArea.areaId,
    })
    .from(schema.treatment)
    .innerJoin(schema.treatmentArea, eq(schema.treatmentArea.treatmentId, schema.treatment.id))
    .where(and(inArray(schema.treatment.sku, skus), isNull(schema.treatment.deletedAt)));
  const idOf = <T extends { id: number; name: string }>(rows: T[], name: string) =>
    rows.find((row) => row.name === name)?.id;
  const ctx = {
    db,
    clock: { now: () => new Date(now.getTime() - 20 * DAY) } as Clock,
    session: await sessionAs(db, 'admin@clinica.mx'),
  };

  for (const offer of OFFERS) {
    const branchesIds = offer.branches.map((name) => idOf(branches, name));
    const treatmentTypeId = idOf(types, offer.treatmentType);
    const categoryId = idOf(categories, offer.category);
    const lines = offer.lines.map((line) => {
      const rows = treatments.filter((row) => row.sku === line.sku);
      return {
        treatmentId: rows[0]?.id,
        areasIds: rows.map((row) => row.area),
        sessions: offer.type === 'Package' ? (line.sessions ?? 1) : null,
        limit: 1,
        regularPrice: line.regularPrice,
        promotionPrice: line.promotionPrice,
      };
    });
    // A catalogue seeded without one of these (a trimmed demo) leaves the offer out.
    if (
      !treatmentTypeId ||
      !categoryId ||
      branchesIds.some((id) => id === undefined) ||
      lines.some((line) => line.treatmentId === undefined || line.areasIds.length === 0)
    )
      continue;
    await createOffer(ctx, {
      type: offer.type,
      sku: offer.sku,
      name: offer.name,
      description: offer.description,
      treatmentTypeId,
      categoryId,
      points: offer.points,
      cabainTime: offer.cabainTime,
      branchesIds: branchesIds as number[],
      paymentType: offer.paymentType,
      status: true,
      validBySchedule: offer.dates !== undefined,
      startDate: offer.dates ? dayFrom(now, offer.dates[0]) : null,
      endDate: offer.dates ? dayFrom(now, offer.dates[1]) : null,
      validByTime: offer.hours !== undefined,
      startTime: offer.hours?.[0] ?? null,
      endTime: offer.hours?.[1] ?? null,
      treatmentPackage: lines as {
        treatmentId: number;
        areasIds: number[];
        sessions: number | null;
        limit: number;
        regularPrice: number;
        promotionPrice: number;
      }[],
    });
  }
}
