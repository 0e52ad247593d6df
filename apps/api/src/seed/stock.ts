import type { Executor } from '../db/client';
import * as schema from '../db/schema';
import { receiveStock } from '../modules/inventory/ledger';
import { PRODUCTS } from './catalogue-data';

type Branch = typeof schema.branch.$inferSelect;

/** Months of shelf life by product type: injectables and cosmetics expire sooner than supplies. */
const SHELF_LIFE: Record<string, number> = {
  'Cosmetólogo/Venta': 24,
  'Médico/Venta': 18,
  'Uso Cabina': 24,
  Insumo: 48,
};

/** What a clinic keeps on its shelves: sale products, the injectables, cabin supplies. */
const CLINIC_STOCK: Record<'full' | 'franchise', string[]> = {
  full: [
    'CV-PS50',
    'CV-VITC',
    'CV-HIDR',
    'MV-TOX100',
    'MV-AH1ML',
    'MV-TRANX',
    'UC-GELRF',
    'UC-GLIC30',
    'UC-ACEIT',
    'IN-GUANT',
    'IN-JER1ML',
    'IN-GASAS',
  ],
  franchise: ['CV-PS50', 'CV-LIMP', 'MV-AH1ML', 'UC-GELRF', 'UC-MASCH', 'IN-GUANT', 'IN-GASAS'],
};

/** 'YYYY-MM-DD' of a date moved by whole months and days (UTC, as the seed has no branch clock). */
function dayOf(from: Date, months: number, days = 0): string {
  const moved = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, from.getUTCDate() + days),
  );
  return moved.toISOString().slice(0, 10);
}

/**
 * A manufacturer-style lot code: a letter by product line, the year and month made, and a batch
 * number, without spaces (spec 001 §5 strips them), e.g. 'M2605-0412'.
 */
function lotCode(sku: string, made: Date, batch: number): string {
  const year = String(made.getUTCFullYear()).slice(2);
  const month = String(made.getUTCMonth() + 1).padStart(2, '0');
  return `${sku.charAt(0)}${year}${month}-${String(batch).padStart(4, '0')}`;
}

/** The day, `days` before `now`, as an instant at noon UTC: when a seeded movement happened. */
const daysBefore = (now: Date, days: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days, 19));

/**
 * The demo chain's clinic stock (CONTRACT §1), entered through the ledger as each clinic's opening
 * inventory (`receiveStock`, cause `adjustment`, document `opening`), dated when the lot arrived,
 * so every lot equals the sum of its movements. Each clinic holds a few lots of what it uses; a few
 * expire within 30 or 60 days and one has expired, and max/min records put some products above
 * their max or below their min, so the inventory's colours show on first run. The distribution
 * centre's lots come from its purchase orders (seeded with them). Pending and rejected products
 * are never stocked: nothing is bought before approval.
 */
export async function seedStockDemo(
  executor: Executor,
  branches: Branch[],
  products: Map<string, number>,
  now: Date,
) {
  const approved = PRODUCTS.filter((item) => (item.review ?? 'approved') === 'approved');
  const bySku = new Map(approved.map((item) => [item.sku, item]));
  /** Units held per branch and SKU, for the max/min records below. */
  const held = new Map<string, number>();
  /** The SKUs with a lot expired or near expiry, per branch: colour danger wins over volcano. */
  const expiring = new Set<string>();
  let batch = 100;
  const lot = async (
    branch: Branch,
    sku: string,
    madeMonthsAgo: number,
    quantity: number,
    expiresIn?: string,
  ) => {
    const item = bySku.get(sku)!;
    const made = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - madeMonthsAgo, now.getUTCDate()),
    );
    batch += 37;
    // The lot reached the clinic a few weeks after it was made, and never after today.
    const arrived = Math.max(2, Math.round((now.getTime() - made.getTime()) / 86_400_000) - 21);
    await receiveStock(
      executor,
      {
        branchId: branch.id,
        productId: products.get(sku)!,
        allotment: lotCode(sku, made, batch),
        expiresIn: expiresIn ?? dayOf(made, SHELF_LIFE[item.type] ?? 24),
      },
      { quantity, cause: 'adjustment', document: { type: 'opening' }, userId: null },
      daysBefore(now, arrived),
    );
    const key = `${branch.id}:${sku}`;
    held.set(key, (held.get(key) ?? 0) + quantity);
    if (expiresIn) expiring.add(key);
  };

  const clinics = branches.filter((candidate) => !candidate.distributionCenter);
  for (const [position, branch] of clinics.entries()) {
    const skus = CLINIC_STOCK[branch.franchise ? 'franchise' : 'full'];
    for (const [index, sku] of skus.entries())
      await lot(branch, sku, 2 + ((index + position) % 6), 3 + ((index * 5 + position * 3) % 22));
    // Lots close to their expiry (danger within 30 days, alert within 60) and one already expired.
    await lot(
      branch,
      skus[position % skus.length]!,
      17,
      2 + position,
      dayOf(now, 0, 12 + position * 5),
    );
    await lot(branch, skus[(position + 3) % skus.length]!, 16, 4, dayOf(now, 0, 45 + position * 4));
    await lot(
      branch,
      skus[(position + 2) % skus.length]!,
      20,
      1 + position,
      dayOf(now, 0, -9 - position),
    );

    // Max/min: one product above its max, one below its min, one within both (volcano shows
    // only where no lot is about to expire).
    const calm = skus.filter((sku) => !expiring.has(`${branch.id}:${sku}`));
    const limits: { sku: string; max: number; min: number }[] = [];
    const [above, below, within] = calm;
    if (above) {
      const units = held.get(`${branch.id}:${above}`)!;
      limits.push({ sku: above, max: Math.max(1, units - 2), min: 1 });
    }
    if (below) {
      const units = held.get(`${branch.id}:${below}`)!;
      limits.push({ sku: below, max: units + 30, min: units + 5 });
    }
    if (within) {
      const units = held.get(`${branch.id}:${within}`)!;
      limits.push({ sku: within, max: units + 10, min: Math.max(0, units - 2) });
    }
    if (limits.length > 0)
      await executor.insert(schema.maxMin).values(
        limits.map((limit) => ({
          branchId: branch.id,
          productId: products.get(limit.sku)!,
          max: limit.max,
          min: limit.min,
        })),
      );
  }
}
