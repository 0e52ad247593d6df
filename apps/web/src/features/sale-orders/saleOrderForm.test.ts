import { describe, expect, it } from 'vitest';
import { SALE_ORDER_SHORT } from '@clinica/domain';
import { saleOrderFormSchema, totalOf, type LotChoice } from './saleOrderForm';

/** The sale-order form's own rules (spec 001 §5) and its live total. */

const lots: LotChoice[] = [
  {
    stockId: 7,
    productId: 1,
    sku: 'CV-PS50',
    product: 'Sérum',
    allotment: 'L1',
    expiresIn: null,
    available: 5,
  },
  {
    stockId: 9,
    productId: 2,
    sku: 'IN-GUANT',
    product: 'Guantes',
    allotment: 'L2',
    expiresIn: null,
    available: 1,
  },
];
const lotOf = (stockId: unknown) => lots.find((lot) => lot.stockId === stockId);
const values = (lines: { stockId: number; quantity: number; price: number }[]) => ({
  name: 'Spa Las Palmas',
  rfc: '',
  phone: '(664)123-4567',
  note: 'N-1',
  saleOrderProducts: lines,
});
const issues = (result: ReturnType<ReturnType<typeof saleOrderFormSchema>['safeParse']>) =>
  result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('saleOrderFormSchema', () => {
  it('refuses a quantity above what the lot holds with the specification’s message', () => {
    const schema = saleOrderFormSchema(false, lotOf);
    expect(
      issues(
        schema.safeParse(
          values([
            { stockId: 7, quantity: 5, price: 10 },
            { stockId: 9, quantity: 2, price: 10 },
          ]),
        ),
      ),
    ).toEqual([['saleOrderProducts.1.quantity', SALE_ORDER_SHORT]]);
  });

  it('refuses a lot twice, an invalid RFC and a price below 1', () => {
    const schema = saleOrderFormSchema(false, lotOf);
    const found = issues(
      schema.safeParse({
        ...values([
          { stockId: 7, quantity: 1, price: 0.5 },
          { stockId: 7, quantity: 1, price: 10 },
        ]),
        rfc: 'ABC',
      }),
    );
    expect(found).toContainEqual(['rfc', 'RFC Inválido']);
    expect(found).toContainEqual([
      'saleOrderProducts.1.stockId',
      'Un lote solo puede aparecer una vez',
    ]);
    expect(found.some(([path]) => path === 'saleOrderProducts.0.price')).toBe(true);
  });

  it('passes a valid order: RFC empty is null, the phone digits only', () => {
    const result = saleOrderFormSchema(false, lotOf).safeParse(
      values([{ stockId: 7, quantity: 5, price: 10 }]),
    );
    expect(result.success).toBe(true);
    expect(result.data?.body).toMatchObject({ rfc: null, phone: '6641234567' });
  });
});

describe('totalOf', () => {
  it('adds the complete lines, quantity × price, to the cent', () => {
    expect(
      totalOf([
        { stockId: 7, quantity: 3, price: 10.1 },
        { stockId: 9, quantity: 1, price: 99.5 },
        { stockId: 9, quantity: null, price: 5 },
      ]),
    ).toBe(129.8);
  });
});
