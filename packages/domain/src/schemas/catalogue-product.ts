import { z } from 'zod';
import { franchisePrice, sameMoney } from '../catalogue-math';
import { APPROVAL_STATUSES } from '../product-approval';
import { fieldLabels, id, labelled, optionalText, text } from '../fields';
import { msg } from '../messages';
import { listQuery } from './common';
import {
  amount,
  flag01,
  idName,
  ids,
  percentage,
  photoRef,
  queryIds,
  whole,
} from './catalogue-fields';

/** Products and their approval (spec 001 §3–§5, §9). */

export const CONTENT_TYPES = [
  'Bolsa',
  'Paquete',
  'Caja',
  'Pieza',
  'Vial',
  'Jeringuilla',
  'Ampolleta',
] as const;
export const MEASURE_UNITS = ['ml', 'l', 'g', 'kg', 'pza', 'ud'] as const;
export const TAX_RATES = [0, 8, 16] as const;
export const MAX_PRODUCT_PHOTOS = 3;

/** The product types (seeded by name) and the update path each one takes. */
export const PRODUCT_UPDATE_PATHS = {
  'Médico/Venta': 'update-medical-product',
  'Cosmetólogo/Venta': 'update-cosmetic-product',
  'Uso Cabina': 'update-cabain-product',
  Insumo: 'update-input-product',
} as const;
export type ProductTypeName = keyof typeof PRODUCT_UPDATE_PATHS;
export type ProductUpdatePath = (typeof PRODUCT_UPDATE_PATHS)[ProductTypeName];

const productFields = {
  productTypeId: id('Tipo de producto'),
  sku: text('SKU', { min: 4, max: 12 }),
  name: text('Nombre', { max: 100 }),
  brand: text('Marca', { max: 60 }),
  barCode: text('Código de barras', { max: 50 }),
  description: text('Descripción', { max: 500 }),
  contentType: labelled(
    z.enum(CONTENT_TYPES, {
      error: (issue) =>
        issue.input === undefined
          ? msg.required('Tipo de contenido')
          : msg.option('Tipo de contenido'),
    }),
    'Tipo de contenido',
  ),
  // numeric(10, 2)
  content: amount('Contenido', 0, 99_999_999.99).refine(
    (value) => value > 0,
    msg.required('Contenido'),
  ),
  measureUnit: labelled(
    z.enum(MEASURE_UNITS, {
      error: (issue) =>
        issue.input === undefined
          ? msg.required('Unidad de medida')
          : msg.option('Unidad de medida'),
    }),
    'Unidad de medida',
  ),
  cost: amount('Costo'),
  tax: z
    .number({
      error: (issue) => (issue.input === undefined ? msg.required('IVA') : msg.number('IVA')),
    })
    .refine(
      (value) => (TAX_RATES as readonly number[]).includes(value),
      'El campo IVA admite 0, 8 o 16',
    )
    .register(fieldLabels, { label: 'IVA', percent: true }),
  providersIds: ids('Proveedores'),
  categoriesIds: ids('Categorías'),
};

/** POST /product/create: a new product is pending and active; photos travel in their own call. */
export const productBody = z.strictObject(productFields);

/** A percentage: `numeric(7, 2)`. */
const percent = (label: string) => percentage(label).nullable().optional();

/** The approver's financial fields (spec 001 §5): which ones apply depends on the product type. */
export const productFinancials = {
  indirectExpenses: amount('Gastos indirectos').nullable().optional(),
  franchiseTax: percent('Impuesto franquicia'),
  additionalCostFranchise: percent('Porcentaje adicional franquicia'),
  franchisePrice: amount('Precio franquicia').nullable().optional(),
  profitPorcentage: percent('Porcentaje de utilidad'),
  salePrice: amount('Precio de venta').nullable().optional(),
  points: whole('Puntos').nullable().optional(),
};
export type FinancialField = keyof typeof productFinancials;
export type ProductFinancials = { [K in FinancialField]?: number | null };

export const financialLabels: Record<FinancialField, string> = {
  indirectExpenses: 'Gastos indirectos',
  franchiseTax: 'Impuesto franquicia',
  additionalCostFranchise: 'Porcentaje adicional franquicia',
  franchisePrice: 'Precio franquicia',
  profitPorcentage: 'Porcentaje de utilidad',
  salePrice: 'Precio de venta',
  points: 'Puntos',
};

/** The fields an approver fills, by product type (spec 001 §5). */
export const FINANCIAL_FIELDS: Record<ProductTypeName, FinancialField[]> = {
  'Cosmetólogo/Venta': [
    'indirectExpenses',
    'franchiseTax',
    'additionalCostFranchise',
    'franchisePrice',
    'profitPorcentage',
    'salePrice',
    'points',
  ],
  'Médico/Venta': ['indirectExpenses', 'franchiseTax', 'additionalCostFranchise', 'franchisePrice'],
  'Uso Cabina': ['franchiseTax', 'additionalCostFranchise', 'franchisePrice'],
  Insumo: ['franchiseTax', 'additionalCostFranchise', 'franchisePrice'],
};

/**
 * What is wrong with a product's financial fields for its type: a required one missing, one that
 * does not apply to the type, or a franchise price that disagrees with the formula by more than a
 * cent. `franchisePrice` may be left out: the formula gives it.
 */
export function financialProblems(
  type: ProductTypeName,
  values: ProductFinancials,
  prices: { cost: number; tax: number },
): { field: string; message: string }[] {
  const applies = new Set(FINANCIAL_FIELDS[type]);
  const problems: { field: string; message: string }[] = [];
  for (const field of Object.keys(financialLabels) as FinancialField[]) {
    const value = values[field];
    const given = value !== undefined && value !== null;
    if (!applies.has(field) && given)
      problems.push({
        field,
        message: `El campo ${financialLabels[field]} no aplica al tipo ${type}`,
      });
    if (applies.has(field) && !given && field !== 'franchisePrice')
      problems.push({ field, message: msg.required(financialLabels[field]) });
  }
  if (problems.length > 0 || values.franchisePrice === undefined || values.franchisePrice === null)
    return problems;
  const expected = expectedFranchisePrice(values, prices);
  if (expected !== null && !sameMoney(values.franchisePrice, expected)) {
    problems.push({
      field: 'franchisePrice',
      message: `El precio franquicia no coincide con el cálculo ($${expected.toFixed(2)})`,
    });
  }
  return problems;
}

/** The franchise price the formula gives, or null while its percentages are not set. */
export function expectedFranchisePrice(
  values: ProductFinancials,
  prices: { cost: number; tax: number },
): number | null {
  if (values.franchiseTax == null || values.additionalCostFranchise == null) return null;
  return franchisePrice({
    cost: prices.cost,
    tax: prices.tax,
    franchiseTax: values.franchiseTax,
    additionalCostFranchise: values.additionalCostFranchise,
    indirectExpenses: values.indirectExpenses,
  });
}

/** PUT /product/{id}/approve: the financial fields of the product's type. */
export const productApproveBody = z.strictObject(productFinancials);

/**
 * PUT /product/{id}/update-{medical|cosmetic|cabain|input}-product: the create's fields, all
 * optional; `sku` and `productTypeId` are accepted but never change (locked on edit). `status` is
 * the active toggle; `removedPhotosIds` lists photos to delete. Financial fields need the approve
 * privilege.
 */
export const productUpdateBody = z.strictObject({
  ...z.object(productFields).partial().shape,
  ...productFinancials,
  status: flag01('Activo').optional(),
  removedPhotosIds: z.array(id('Fotos eliminadas')).optional(),
});

export const productQuery = listQuery.extend({
  isApproved: z
    .enum(['pending', 'approved', 'rejected', '0', '1'], { error: msg.option('Aprobación') })
    .optional(),
  providerId: id('Proveedor').optional(),
  productTypeId: id('Tipo de producto').optional(),
  categoryId: id('Categoría').optional(),
  /** Product type ids to leave out: `4` or `3,4`. */
  excludeType: queryIds('Tipo de producto').optional(),
});

export const productRecord = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  barCode: z.string(),
  description: z.string(),
  contentType: z.enum(CONTENT_TYPES),
  content: z.number(),
  measureUnit: z.enum(MEASURE_UNITS),
  contentLabel: z.string(),
  cost: z.number(),
  tax: z.number(),
  costWithTax: z.number(),
  productType: idName,
  providers: z.array(idName),
  categories: z.array(idName),
  photos: z.array(photoRef),
  status: z.boolean(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  approvalLabel: z.string(),
  approved_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  indirectExpenses: z.number().nullable(),
  franchiseTax: z.number().nullable(),
  additionalCostFranchise: z.number().nullable(),
  franchisePrice: z.number().nullable(),
  profitPorcentage: z.number().nullable(),
  salePrice: z.number().nullable(),
  points: z.number().int().nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type ProductRecord = z.infer<typeof productRecord>;

export const productPhotosAnswer = z.object({ id: z.number().int(), photos: z.array(photoRef) });

/** PUT /product/{id}/reject: an optional reason, written to the audit entry of the rejection. */
export const productRejectBody = z.strictObject({
  reason: optionalText('Motivo', { max: 250 }).optional(),
});
