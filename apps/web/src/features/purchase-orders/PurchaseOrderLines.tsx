import { Form } from 'antd';
import type { z } from 'zod';
import { LineFact, LotLines } from '../../shared/form/LotLines';
import { formatMoney } from '../../shared/format';
import {
  lineSubtotal,
  needsLot,
  stripLot,
  type LineProduct,
  type LineValues,
} from './purchaseOrderForm';

const LINES = 'purchaseOrderProducts';

/** The price a new line starts with: the product's cost, when the catalogue knows it. */
export interface ProductChoice extends LineProduct {
  cost: number | null;
}

function LineSubtotal({ index, productOf }: { index: number; productOf: Props['productOf'] }) {
  const line = (Form.useWatch([LINES, index]) as LineValues | undefined) ?? {};
  const product = productOf(line.productId);
  const subtotal = lineSubtotal(line, product);
  return (
    <LineFact label="Subtotal" note={product && `con IVA ${product.tax}%`} live>
      {subtotal === null ? '—' : formatMoney(subtotal)}
    </LineFact>
  );
}

interface Props {
  schema: z.ZodType;
  products: ProductChoice[];
  productOf: (id: unknown) => ProductChoice | undefined;
  loading: boolean;
  /** What is typed in a product's select: the picker searches the catalogue for it. */
  onSearch: (text: string) => void;
  readOnly: boolean;
}

/**
 * The order's lines (spec 001 §3, §5): product, quantity, price, lot and expiry (required unless
 * the product is an `Insumo`), each with its subtotal with tax. On a phone or a tablet a line
 * wraps onto two or three rows, every field keeping its label.
 */
export function PurchaseOrderLines({
  schema,
  products,
  productOf,
  loading,
  onSearch,
  readOnly,
}: Props) {
  return (
    <LotLines
      name={LINES}
      schema={schema}
      readOnly={readOnly}
      newLine={{ quantity: 1 }}
      choice={{
        field: 'productId',
        label: 'Producto',
        placeholder: 'Selecciona un producto',
        options: products.map((product) => ({
          value: product.id,
          label: `${product.sku} · ${product.name}`,
        })),
        loading,
        onSearch,
        // A line starts at the product's cost; a price typed over it stays.
        onChoose: (chosen, previous, line) => {
          const price = line.get('price');
          const before = productOf(previous)?.cost;
          const cost = productOf(chosen)?.cost;
          if (typeof cost === 'number' && (typeof price !== 'number' || price === before))
            line.set('price', cost);
        },
        span: { xs: 24, lg: 7 },
      }}
      quantity={{ field: 'quantity', min: 1, span: { xs: 12, sm: 6, lg: 3 } }}
      price={{ span: { xs: 12, sm: 6, lg: 3 } }}
      lot={{
        required: (chosen) => needsLot(productOf(chosen)),
        normalize: stripLot,
        // The lot's field holds its placeholder and its counter whole ('Opcional', '0 / 50').
        spans: { allotment: { xs: 12, sm: 6, lg: 4 }, expiresAt: { xs: 12, sm: 6, lg: 4 } },
      }}
      aside={{
        span: { xs: 24, lg: 3 },
        render: (index) => <LineSubtotal index={index} productOf={productOf} />,
      }}
    />
  );
}
