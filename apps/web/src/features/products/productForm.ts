import {
  FINANCIAL_FIELDS,
  MAX_PRODUCT_PHOTOS,
  PRODUCT_UPDATE_PATHS,
  expectedFranchisePrice,
  financialLabels,
  financialProblems,
  msg,
  productBody,
  productEditRules,
  productUpdateBody,
  type FinancialField,
  type ProductFinancials,
  type ProductTypeName,
} from '@clinica/domain';
import { imageProblem, isNewPhoto, type PhotoItem } from '../../shared/form/ImagesField';
import { withFormChecks } from '../../shared/form/withFormChecks';
import type { Product } from './api';

/**
 * What the product form shows and does (spec 001 §4–§5), decided from the product and the user's
 * approve privilege, apart from the screen so the rules read in one place and are tested alone.
 */

export type ProductFormMode = 'create' | 'edit' | 'approve';

export interface ProductFormView {
  mode: ProductFormMode;
  submitLabel: 'Guardar' | 'Aprobar';
  /** The danger 'Rechazar' beside the submit. */
  canReject: boolean;
  /** The active toggle: only when editing a product that is not rejected. */
  showsActive: boolean;
  /** Product type and SKU are locked on edit. */
  identityLocked: boolean;
  /** The financial inputs the approver fills, by the product's type (franchise price is computed). */
  financialFields: FinancialField[];
  /** A rejected product asks for approval again when saved. */
  rejected: boolean;
}

export function isProductTypeName(name: string): name is ProductTypeName {
  return name in PRODUCT_UPDATE_PATHS;
}

/** The financial inputs of a type, without the franchise price the formula gives. */
export function financialInputsOf(typeName: string): FinancialField[] {
  if (!isProductTypeName(typeName)) return [];
  return FINANCIAL_FIELDS[typeName].filter((field) => field !== 'franchisePrice');
}

export function productFormView(product: Product | null, canApprove: boolean): ProductFormView {
  if (!product) {
    return {
      mode: 'create',
      submitLabel: 'Guardar',
      canReject: false,
      showsActive: false,
      identityLocked: false,
      financialFields: [],
      rejected: false,
    };
  }
  // The approval rules are the domain's, the same the API enforces (spec 001 §4–§5).
  const rules = productEditRules(product.approvalStatus, canApprove);
  return {
    mode: rules.reviewable ? 'approve' : 'edit',
    submitLabel: rules.reviewable ? 'Aprobar' : 'Guardar',
    canReject: rules.reviewable,
    showsActive: rules.activeToggle,
    identityLocked: true,
    // An approved product's prices stay with the approver; a rejected one goes back to pending.
    financialFields: rules.financials ? financialInputsOf(product.productType.name) : [],
    rejected: rules.resubmits,
  };
}

export const PHOTOS_REQUIRED = msg.required('Fotos');
export const TOO_MANY_PHOTOS = `Máximo ${MAX_PRODUCT_PHOTOS} fotos`;

function photoProblems(
  values: Record<string, unknown>,
  issue: (path: string, message: string) => void,
) {
  const photos = (values.photos as PhotoItem[] | undefined) ?? [];
  if (photos.length === 0) issue('photos', PHOTOS_REQUIRED);
  else if (photos.length > MAX_PRODUCT_PHOTOS) issue('photos', TOO_MANY_PHOTOS);
  const bad = photos.find((item) => isNewPhoto(item) && imageProblem(item.file));
  if (bad && isNewPhoto(bad)) issue('photos', imageProblem(bad.file) ?? '');
}

const number = (value: unknown) => (typeof value === 'number' ? value : null);

/** The franchise price the formula gives for what the form holds, or null while incomplete. */
export function franchisePriceOf(values: Record<string, unknown>): number | null {
  const cost = number(values.cost);
  const tax = number(values.tax);
  if (cost === null || tax === null) return null;
  return expectedFranchisePrice(
    financialsOf(values, Object.keys(financialLabels) as FinancialField[]),
    {
      cost,
      tax,
    },
  );
}

export function financialsOf(
  values: Record<string, unknown>,
  fields: FinancialField[],
): ProductFinancials {
  return Object.fromEntries(fields.map((field) => [field, number(values[field])]));
}

const extra = (values: Record<string, unknown>) => ({
  photos: (values.photos as PhotoItem[] | undefined) ?? [],
});

/** The form's schema: the create's or the update's body, the photos, and the approver's fields. */
export function productFormSchema(view: ProductFormView, typeName: string) {
  if (view.mode === 'create') {
    return withFormChecks(productBody, { extraKeys: ['photos'], extra, check: photoProblems });
  }
  return withFormChecks(productUpdateBody, {
    extraKeys: ['photos'],
    extra,
    check: (values, issue) => {
      photoProblems(values, issue);
      if (view.financialFields.length === 0 || !isProductTypeName(typeName)) return;
      const prices = { cost: number(values.cost) ?? 0, tax: number(values.tax) ?? 0 };
      for (const problem of financialProblems(
        typeName,
        financialsOf(values, view.financialFields),
        prices,
      ))
        issue(problem.field, problem.message);
    },
  });
}
