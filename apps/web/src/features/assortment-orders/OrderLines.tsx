import type { z } from 'zod';
import { LotLines } from '../../shared/form/LotLines';
import type { ProductChoice } from './api';

interface Props {
  schema: z.ZodType;
  products: ProductChoice[];
  productOf: (id: unknown) => ProductChoice | undefined;
  loading: boolean;
  /** Why no product can be chosen yet (the branch is not chosen), when so. */
  waitingFor: string | null;
  readOnly: boolean;
}

/** '7 como máximo' or 'Sin límite' (a max of 0, or none recorded: spec 001 §5). */
export const maxText = (product: ProductChoice | undefined) =>
  !product ? null : product.max ? `Máximo de la sucursal: ${product.max}` : 'Sin límite de máximo';

/**
 * Create and edit: the products the branch asks for and how many of each, the branch's max shown
 * under each quantity, which is refused above it ('La cantidad excede el límite permitido').
 */
export function OrderLines({ schema, products, productOf, loading, waitingFor, readOnly }: Props) {
  return (
    <LotLines
      name="assortmentOrderProducts"
      schema={schema}
      readOnly={readOnly}
      newLine={{ orderedQuantity: 1 }}
      choice={{
        field: 'productId',
        label: 'Producto',
        placeholder: waitingFor ?? 'Selecciona un producto',
        disabled: waitingFor !== null,
        options: products.map((product) => ({
          value: product.productId,
          label: `${product.sku} · ${product.name}`,
        })),
        loading,
        span: { xs: 24, md: 16 },
      }}
      quantity={{
        field: 'orderedQuantity',
        min: 1,
        dependsOn: ['branchId'],
        extra: (chosen) => maxText(productOf(chosen)),
        span: { xs: 24, sm: 12, md: 8 },
      }}
    />
  );
}
