import { describe, expect, it } from 'vitest';
import {
  contentLabel,
  costWithTax,
  durationLabel,
  durationMinutes,
  durationTerm,
  franchisePrice,
  roundMoney,
  sameMoney,
} from './catalogue-math';
import { financialProblems, productApproveBody, productBody } from './schemas/catalogue-product';
import { treatmentBody, treatmentTypeProblems } from './schemas/catalogue-treatment';

describe('product prices (spec 001 §9)', () => {
  it('rounds money to cents half away from zero, without float error', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(10)).toBe(10);
    expect(roundMoney(-1.005)).toBe(-1.01);
  });

  it('cost with tax = cost + cost × tax / 100', () => {
    expect(costWithTax(100, 16)).toBe(116);
    expect(costWithTax(385, 8)).toBe(415.8);
    expect(costWithTax(78, 0)).toBe(78);
    expect(costWithTax(0.99, 16)).toBe(1.15);
  });

  it('franchise price = cost with tax × (1 + franchise tax/100) × (1 + additional/100) + indirect expenses', () => {
    // 116 × 1.16 × 1.12 + 5 = 155.7072 → 155.71
    expect(
      franchisePrice({
        cost: 100,
        tax: 16,
        franchiseTax: 16,
        additionalCostFranchise: 12,
        indirectExpenses: 5,
      }),
    ).toBe(155.71);
    // Types without indirect expenses count 0: 420 × 1.16 × 1.05 = 511.56
    expect(
      franchisePrice({
        cost: 420,
        tax: 0,
        franchiseTax: 16,
        additionalCostFranchise: 5,
        indirectExpenses: null,
      }),
    ).toBe(511.56);
  });

  it('takes two prices within one cent as the same', () => {
    expect(sameMoney(155.71, 155.7)).toBe(true);
    expect(sameMoney(155.71, 155.72)).toBe(true);
    expect(sameMoney(155.71, 155.69)).toBe(false);
  });

  it("shows content as 'content unit(s) contentType'", () => {
    expect(contentLabel(10, 'ml', 'Vial')).toBe('10 ml(s) Vial');
    expect(contentLabel(1, 'pza', 'Caja')).toBe('1 pza Caja');
    expect(contentLabel(1.5, 'ml', 'Jeringuilla')).toBe('1.5 ml(s) Jeringuilla');
  });
});

describe('approver fields by product type (spec 001 §5)', () => {
  const prices = { cost: 100, tax: 16 };
  it('asks indirect expenses of the sale types and profit, sale price and points of Cosmetólogo/Venta', () => {
    expect(
      financialProblems(
        'Cosmetólogo/Venta',
        { franchiseTax: 16, additionalCostFranchise: 12 },
        prices,
      ).map((p) => p.field),
    ).toEqual(['indirectExpenses', 'profitPorcentage', 'salePrice', 'points']);
    expect(
      financialProblems('Médico/Venta', { franchiseTax: 16, additionalCostFranchise: 12 }, prices),
    ).toEqual([
      { field: 'indirectExpenses', message: 'El campo Gastos indirectos es obligatorio' },
    ]);
  });

  it('refuses fields that do not apply to the type', () => {
    expect(
      financialProblems(
        'Insumo',
        { franchiseTax: 16, additionalCostFranchise: 5, salePrice: 10 },
        prices,
      ),
    ).toEqual([
      { field: 'salePrice', message: 'El campo Precio de venta no aplica al tipo Insumo' },
    ]);
  });

  it('refuses a franchise price more than a cent away from the formula', () => {
    const values = { franchiseTax: 16, additionalCostFranchise: 12, indirectExpenses: 5 };
    expect(financialProblems('Médico/Venta', { ...values, franchisePrice: 155.7 }, prices)).toEqual(
      [],
    );
    expect(financialProblems('Médico/Venta', { ...values, franchisePrice: 150 }, prices)).toEqual([
      {
        field: 'franchisePrice',
        message: 'El precio franquicia no coincide con el cálculo ($155.71)',
      },
    ]);
  });

  it('validates the product body: SKU 4 to 12, tax 0, 8 or 16, providers and categories required', () => {
    const result = productBody.safeParse({ sku: 'AB', tax: 10, providersIds: [], cost: 1.234 });
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['sku', 'El campo SKU requiere mínimo 4 caracteres'],
        ['tax', 'El campo IVA admite 0, 8 o 16'],
        ['providersIds', 'El campo Proveedores es obligatorio'],
        ['categoriesIds', 'El campo Categorías es obligatorio'],
        ['cost', 'El campo Costo admite máximo dos decimales'],
      ]),
    );
    expect(productApproveBody.safeParse({ points: 1.5 }).success).toBe(false);
  });
});

describe('treatment rules (spec 001 §5, §9)', () => {
  it('keeps durations as HH:mm and shows hours and minutes, or minutes under an hour', () => {
    expect(durationMinutes('01:30')).toBe(90);
    expect(durationTerm(90)).toBe('01:30');
    expect(durationLabel(30)).toBe('30 min');
    expect(durationLabel(120)).toBe('2 h');
    expect(durationLabel(150)).toBe('2 h 30 min');
  });

  it('requires the commission for Médico and areas unless Valoración', () => {
    expect(treatmentTypeProblems('Médico', { areasIds: [1] })).toEqual([
      { field: 'medicalFee', message: 'El campo Comisión es obligatorio' },
    ]);
    expect(treatmentTypeProblems('Cosmetóloga', { areasIds: [] })).toEqual([
      { field: 'areasIds', message: 'El campo Áreas es obligatorio' },
    ]);
    expect(treatmentTypeProblems('Valoración', {})).toEqual([]);
  });

  it('requires the consent selection when consent is 1 and takes 30-minute steps only', () => {
    const base = {
      sku: 'TX-01',
      name: 'Peeling',
      description: 'x',
      treatmentTypeId: 1,
      categoriesIds: [1],
      price: 10,
      points: 1,
    };
    const consentOff = treatmentBody.safeParse({ ...base, term: '00:30', consent: 0 });
    expect(consentOff.success).toBe(true);
    const consentOn = treatmentBody.safeParse({ ...base, term: '00:20', consent: 1, consentId: 2 });
    expect(consentOn.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['term', 'El campo Duración va en pasos de 30 minutos'],
    ]);
    const noConsent = treatmentBody.safeParse({ ...base, term: '00:30', consent: 1 });
    expect(noConsent.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['consentId']);
  });
});
