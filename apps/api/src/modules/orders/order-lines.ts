import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Conflict,
  notOnSaleMessage,
  saleWindowOf,
  NotFound,
  whyNotOnSale,
  type PricedLine,
  type orderLineBody,
} from '@clinica/domain';
import type { Tx } from '../../db/client';
import {
  branch,
  offer,
  offerBranch,
  offerLine,
  offerLineArea,
  treatment,
  treatmentArea,
} from '../../db/schema';
import { AppError, notFound } from '../../platform/errors';

/**
 * Pricing an order's lines on the server (CONTRACT §12): the client sends what it buys and how
 * many, never a price. The treatments and offers are held FOR KEY SHARE, live, so a delete waits
 * for the sale; an offer must be on sale at the branch, at the instant and with every payment
 * method of the order (the domain's `whyNotOnSale`).
 */

type LineBody = z.output<typeof orderLineBody>;

/** A treatment the line gives the customer: one purchased product per unit of the line. */
export interface Given {
  treatmentId: number;
  packageLineId: number | null;
  sessions: number;
  limit: number;
  consentRequired: boolean;
  areaIds: number[];
}

export interface OrderLine extends PricedLine {
  treatmentId: number | null;
  packageId: number | null;
  /** What one unit gives: the treatment itself, or each treatment of the offer. */
  gives: Given[];
}

const unique = (values: (number | undefined)[]) => [
  ...new Set(values.filter((value): value is number => value !== undefined)),
];

async function areasOf(tx: Tx, treatmentIds: number[]) {
  const byTreatment = new Map<number, number[]>();
  if (treatmentIds.length === 0) return byTreatment;
  const rows = await tx
    .select({ treatmentId: treatmentArea.treatmentId, areaId: treatmentArea.areaId })
    .from(treatmentArea)
    .where(inArray(treatmentArea.treatmentId, treatmentIds))
    .orderBy(asc(treatmentArea.areaId));
  for (const row of rows)
    byTreatment.set(row.treatmentId, [...(byTreatment.get(row.treatmentId) ?? []), row.areaId]);
  return byTreatment;
}

async function lockTreatments(tx: Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, typeof treatment.$inferSelect>();
  const rows = await tx
    .select()
    .from(treatment)
    .where(and(inArray(treatment.id, ids), isNull(treatment.deletedAt)))
    .orderBy(asc(treatment.id))
    .for('key share');
  return new Map(rows.map((row) => [row.id, row]));
}

async function lockOffers(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  const offers = await tx
    .select()
    .from(offer)
    .where(and(inArray(offer.id, ids), isNull(offer.deletedAt)))
    .orderBy(asc(offer.id))
    .for('key share');
  const found = offers.map((row) => row.id);
  if (found.length === 0) return [];
  const branches = await tx
    .select({ packageId: offerBranch.packageId, id: branch.id, zone: branch.zone })
    .from(offerBranch)
    .innerJoin(branch, eq(branch.id, offerBranch.branchId))
    .where(inArray(offerBranch.packageId, found));
  const lines = await tx
    .select({
      id: offerLine.id,
      packageId: offerLine.packageId,
      treatmentId: offerLine.treatmentId,
      sessions: offerLine.sessions,
      limit: offerLine.limit,
    })
    .from(offerLine)
    .where(inArray(offerLine.packageId, found))
    .orderBy(asc(offerLine.position), asc(offerLine.id));
  const lineAreas = new Map<number, number[]>();
  if (lines.length > 0) {
    const rows = await tx
      .select({ lineId: offerLineArea.lineId, areaId: offerLineArea.areaId })
      .from(offerLineArea)
      .where(
        inArray(
          offerLineArea.lineId,
          lines.map((line) => line.id),
        ),
      )
      .orderBy(asc(offerLineArea.areaId));
    for (const row of rows)
      lineAreas.set(row.lineId, [...(lineAreas.get(row.lineId) ?? []), row.areaId]);
  }
  return offers.map((row) => ({
    ...row,
    branches: branches.filter((item) => item.packageId === row.id),
    lines: lines
      .filter((line) => line.packageId === row.id)
      .map((line) => ({ ...line, areaIds: lineAreas.get(line.id) ?? [] })),
  }));
}

/**
 * The lines priced from the catalogue: a treatment at its price (list and sale), a package or
 * promotion at its `price` with its `regularPrice` as the list price, each with its points and
 * the treatments one unit gives. An unknown, deleted or inactive treatment is 404 code 2; an
 * unknown or deleted offer 404 code 18; an offer not on sale 409 code 43 naming the line.
 */
export async function priceLines(
  tx: Tx,
  lines: LineBody[],
  sale: { branchId: number; at: Date; methods: string[] },
): Promise<OrderLine[]> {
  const offers = await lockOffers(tx, unique(lines.map((line) => line.packageId)));
  const treatmentIds = unique([
    ...lines.map((line) => line.treatmentId),
    ...offers.flatMap((item) => item.lines.map((line) => line.treatmentId)),
  ]);
  const treatments = await lockTreatments(tx, treatmentIds);
  const areas = await areasOf(tx, treatmentIds);
  const offerById = new Map(offers.map((item) => [item.id, item]));

  return lines.map((line, index) => {
    if (line.treatmentId !== undefined) {
      const item = treatments.get(line.treatmentId);
      // A treatment sold on its own must be active; inside an offer it goes with the offer.
      if (!item?.active) throw notFound(NotFound.treatment);
      return {
        treatmentId: item.id,
        packageId: null,
        quantity: line.quantity,
        price: Number(item.price),
        salePrice: Number(item.price),
        points: item.points,
        gives: [
          {
            treatmentId: item.id,
            packageLineId: null,
            sessions: 1,
            limit: 1,
            consentRequired: item.consent,
            areaIds: areas.get(item.id) ?? [],
          },
        ],
      };
    }
    const item = offerById.get(line.packageId!);
    if (!item) throw notFound(NotFound.packageOrPromotion);
    const window = saleWindowOf(item, item.branches);
    const methods = sale.methods.length > 0 ? sale.methods : [undefined];
    for (const method of methods) {
      const reason = whyNotOnSale(window, sale.branchId, sale.at, method);
      if (reason)
        throw new AppError(409, Conflict.offerNotOnSale, [
          {
            field: `orderDetails.${index}.packageId`,
            message: notOnSaleMessage(item.name, reason, method),
          },
        ]);
    }
    return {
      treatmentId: null,
      packageId: item.id,
      quantity: line.quantity,
      price: Number(item.regularPrice),
      salePrice: Number(item.price),
      points: item.points,
      gives: item.lines.map((part) => {
        const given = treatments.get(part.treatmentId);
        if (!given) throw notFound(NotFound.treatment);
        return {
          treatmentId: part.treatmentId,
          packageLineId: part.id,
          sessions: item.type === 'Package' ? (part.sessions ?? 1) : 1,
          limit: part.limit,
          consentRequired: given.consent,
          areaIds: part.areaIds.length > 0 ? part.areaIds : (areas.get(part.treatmentId) ?? []),
        };
      }),
    };
  });
}
