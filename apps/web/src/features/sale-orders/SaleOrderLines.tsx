import { Form } from 'antd';
import type { z } from 'zod';
import { LineFact, LotLines } from '../../shared/form/LotLines';
import { formatLocalDate, formatMoney } from '../../shared/format';
import { lineSubtotalOf, type LineValues, type LotChoice } from './saleOrderForm';

const LINES = 'saleOrderProducts';

interface Props {
  schema: z.ZodType;
  lots: LotChoice[];
  lotOf: (stockId: unknown) => LotChoice | undefined;
  loading: boolean;
  readOnly: boolean;
  /** No branch chosen yet: there are no lots to offer. */
  noBranch: boolean;
}

const lotLabel = (lot: LotChoice) =>
  [
    `${lot.sku} · ${lot.product}`,
    `Lote ${lot.allotment || 'sin lote'}`,
    lot.expiresIn ? `Cad. ${formatLocalDate(lot.expiresIn)}` : null,
    `${lot.available} disponibles`,
  ]
    .filter(Boolean)
    .join(' · ');

/** The select cuts a long label: the chosen lot stays readable under it. */
const chosenLot = (lot: LotChoice) =>
  [
    `Lote ${lot.allotment || 'sin lote'}`,
    lot.expiresIn ? `caduca ${formatLocalDate(lot.expiresIn)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

function LineSubtotal({ index }: { index: number }) {
  const line = (Form.useWatch([LINES, index]) as LineValues | undefined) ?? {};
  const subtotal = lineSubtotalOf(line);
  return (
    <LineFact label="Subtotal" testId={`subtotal-${index}`} live>
      {subtotal === null ? '—' : formatMoney(subtotal)}
    </LineFact>
  );
}

/**
 * The order's lines (spec 001 §3, §5): a lot of the branch (its product, lot code, expiry and the
 * units it holds), the quantity (at most those units) and the price (at least 1), with the
 * subtotal. On a phone a line wraps, every field keeping its label.
 */
export function SaleOrderLines({ schema, lots, lotOf, loading, readOnly, noBranch }: Props) {
  return (
    <LotLines
      name={LINES}
      schema={schema}
      readOnly={readOnly}
      newLine={{ quantity: 1 }}
      addDisabled={noBranch}
      choice={{
        field: 'stockId',
        label: 'Producto y lote',
        placeholder: 'Selecciona un producto de la sucursal',
        options: lots.map((lot) => ({ value: lot.stockId, label: lotLabel(lot) })),
        loading,
        disabled: noBranch,
        notFoundContent: 'La sucursal no tiene existencias',
        extra: (chosen) => {
          if (noBranch) return 'Elige primero la sucursal.';
          const lot = lotOf(chosen);
          return lot ? chosenLot(lot) : undefined;
        },
        // A new line starts at the product's sale price, when the role may see it.
        onChoose: (chosen, _previous, line) => {
          const unitPrice = lotOf(chosen)?.unitPrice;
          if (
            typeof line.get('price') !== 'number' &&
            typeof unitPrice === 'number' &&
            unitPrice >= 1
          )
            line.set('price', unitPrice);
        },
        span: { xs: 24, lg: 12 },
      }}
      quantity={{
        field: 'quantity',
        min: 1,
        extra: (chosen) => {
          const lot = lotOf(chosen);
          return lot ? `Disponibles: ${lot.available}` : undefined;
        },
        span: { xs: 12, sm: 8, lg: 4 },
      }}
      price={{ min: 1, span: { xs: 12, sm: 8, lg: 4 } }}
      aside={{ span: { xs: 24, sm: 8, lg: 4 }, render: (index) => <LineSubtotal index={index} /> }}
    />
  );
}
