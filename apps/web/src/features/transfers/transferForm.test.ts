import { describe, expect, it } from 'vitest';
import { transferOf } from './testTransfers';
import { shortfall, toFormValues, transferFormSchema } from './transferForm';

/** The transfer form's rules beyond the bodies' (spec 001 §5). */

const transfer = transferOf();

const holds = (quantities: Record<number, number>) => (stockId: unknown) =>
  typeof stockId === 'number' ? (quantities[stockId] ?? 0) : undefined;

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  result.success
    ? []
    : result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the transfer form', () => {
  it('refuses to send more than the lot holds: Inventario insuficiente', () => {
    const schema = transferFormSchema('create', holds({ 40: 2 }), null);
    const result = schema.safeParse({
      originBranchId: 2,
      destinyBranchId: 3,
      transferProducts: [{ stockId: 40, stockedQuantity: 3 }],
    });
    expect(messages(result)).toEqual([
      'transferProducts.0.stockedQuantity: Inventario insuficiente: el lote tiene 2',
    ]);
    expect(
      schema.safeParse({
        originBranchId: 2,
        destinyBranchId: 3,
        transferProducts: [{ stockId: 40, stockedQuantity: 2 }],
      }).success,
    ).toBe(true);
  });
  it('refuses the same branch on both sides and a lot twice, as the API does', () => {
    const schema = transferFormSchema('create', holds({ 40: 9 }), null);
    const result = schema.safeParse({
      originBranchId: 2,
      destinyBranchId: 2,
      transferProducts: [
        { stockId: 40, stockedQuantity: 1 },
        { stockId: 40, stockedQuantity: 1 },
      ],
    });
    expect(messages(result)).toEqual([
      'destinyBranchId: La sucursal de destino debe ser distinta a la de origen',
      'transferProducts.1.stockId: Un lote solo puede aparecer una vez',
    ]);
  });
  it('leaves the quantity to the server while the lots are not known', () => {
    const schema = transferFormSchema('create', () => undefined, null);
    expect(
      schema.safeParse({
        originBranchId: 2,
        destinyBranchId: 3,
        transferProducts: [{ stockId: 40, stockedQuantity: 300 }],
      }).success,
    ).toBe(true);
  });
  it('checks the quantities to send in review against the lines’ lots', () => {
    const schema = transferFormSchema('approve', holds({ 40: 3, 41: 4 }), transfer);
    const result = schema.safeParse(toFormValues(transfer, 'approve'));
    expect(messages(result)).toEqual([
      'transferProducts.1.stockedQuantity: Inventario insuficiente: el lote tiene 4',
    ]);
  });
  it('takes at most what was sent on confirm, starting from it, and counts the difference', () => {
    const schema = transferFormSchema('confirm', () => undefined, transfer);
    const values = toFormValues(transfer, 'confirm');
    expect(values).toEqual({
      transferProducts: [
        { id: 11, receivedQuantity: 3 },
        { id: 12, receivedQuantity: 10 },
      ],
    });
    expect(schema.safeParse(values).success).toBe(true);
    const over = schema.safeParse({
      transferProducts: [
        { id: 11, receivedQuantity: 4 },
        { id: 12, receivedQuantity: 10 },
      ],
    });
    expect(messages(over)).toEqual([
      'transferProducts.0.receivedQuantity: No puede exceder lo enviado (3)',
    ]);
    expect(
      shortfall(transfer, [
        { id: 11, receivedQuantity: 2 },
        { id: 12, receivedQuantity: 7 },
      ]),
    ).toBe(4);
  });
});
