import type { Executor } from '../client';
import * as schema from '../schema';
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

/**
 * The demo chain's stock lots (CONTRACT §1). CEDIS holds two lots of every approved product: an
 * older one and a fresh one from the last purchase. Each clinic holds a few lots of what it uses,
 * sent from CEDIS; a few expire within 30 or 60 days, one is used up (0 units), and some sit
 * above or below what a max/min would ask, so the inventory's colours show on first run. Pending
 * and rejected products are never stocked: nothing is bought before approval.
 */
export async function seedStockDemo(
  executor: Executor,
  branches: Branch[],
  products: Map<string, number>,
  now: Date,
) {
  const approved = PRODUCTS.filter((item) => (item.review ?? 'approved') === 'approved');
  const bySku = new Map(approved.map((item) => [item.sku, item]));
  const rows: (typeof schema.stock.$inferInsert)[] = [];
  let batch = 100;
  const lot = (
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
    rows.push({
      productId: products.get(sku)!,
      branchId: branch.id,
      allotment: lotCode(sku, made, batch),
      expiresIn: expiresIn ?? dayOf(made, SHELF_LIFE[item.type] ?? 24),
      quantity,
    });
  };

  for (const branch of branches.filter((candidate) => candidate.distributionCenter)) {
    for (const [index, item] of approved.entries()) {
      lot(branch, item.sku, 9 + (index % 5), 12 + ((index * 7) % 20));
      lot(branch, item.sku, 1 + (index % 2), 60 + ((index * 13) % 90));
    }
  }

  const clinics = branches.filter((candidate) => !candidate.distributionCenter);
  for (const [position, branch] of clinics.entries()) {
    const skus = CLINIC_STOCK[branch.franchise ? 'franchise' : 'full'];
    for (const [index, sku] of skus.entries())
      lot(branch, sku, 2 + ((index + position) % 6), 3 + ((index * 5 + position * 3) % 22));
    // Lots close to their expiry (danger within 30 days, alert within 60) and one used up.
    lot(branch, skus[position % skus.length]!, 17, 2 + position, dayOf(now, 0, 12 + position * 5));
    lot(branch, skus[(position + 3) % skus.length]!, 16, 4, dayOf(now, 0, 45 + position * 4));
    lot(branch, skus[(position + 1) % skus.length]!, 10, 0);
  }

  if (rows.length > 0) await executor.insert(schema.stock).values(rows);
}
