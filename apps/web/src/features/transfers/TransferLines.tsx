import type { z } from 'zod';
import { LineFact, LotLines } from '../../shared/form/LotLines';
import { formatLocalDate } from '../../shared/format';
import type { LotChoice } from './api';

/** 'CV-PS50 · Sérum · Lote L-1 · cad. 31-08-2027 · 12 disp.': a lot as the select lists it. */
export function lotLabel(
  lot: Pick<LotChoice, 'sku' | 'product' | 'allotment' | 'expiresIn' | 'quantity'>,
) {
  const expiry = lot.expiresIn ? `cad. ${formatLocalDate(lot.expiresIn)}` : 'sin caducidad';
  return `${lot.sku} · ${lot.product} · Lote ${lot.allotment || 'sin lote'} · ${expiry} · ${lot.quantity} disp.`;
}

interface Props {
  schema: z.ZodType;
  lots: LotChoice[];
  loading: boolean;
  readOnly: boolean;
  /** Why there is nothing to choose yet (no origin chosen). */
  emptyText: string;
}

/**
 * The lines of a transfer being created or edited (spec 001 §5): a lot of the origin, each lot
 * once (the others' lots are disabled), and the quantity to send within what it holds.
 */
export function TransferLines({ schema, lots, loading, readOnly, emptyText }: Props) {
  const lotOf = (chosen: unknown) => lots.find((candidate) => candidate.stockId === chosen);
  return (
    <LotLines
      name="transferProducts"
      schema={schema}
      readOnly={readOnly}
      newLine={{ stockedQuantity: 1 }}
      choice={{
        field: 'stockId',
        label: 'Producto',
        placeholder: 'Selecciona un producto y lote',
        options: lots.map((choice) => ({ value: choice.stockId, label: lotLabel(choice) })),
        loading,
        notFoundContent: emptyText,
        once: true,
        extra: () => 'Producto y lote de la sucursal de origen.',
        span: { xs: 24, lg: 15 },
      }}
      quantity={{
        field: 'stockedQuantity',
        label: 'Cantidad enviada',
        min: 0,
        span: { xs: 12, sm: 8, lg: 5 },
      }}
      aside={{
        span: { xs: 12, sm: 8, lg: 4 },
        render: (_index, chosen) => (
          <LineFact label="Disponible" live>
            {lotOf(chosen)?.quantity ?? '—'}
          </LineFact>
        ),
      }}
    />
  );
}
