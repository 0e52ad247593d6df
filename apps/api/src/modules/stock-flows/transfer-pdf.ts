import { formatLocalDate, formatPersonName } from '@clinica/domain';
import type { Context } from '../../platform/context';
import {
  BLACK,
  contentWidth,
  field,
  localInstant,
  MARGIN,
  renderPdf,
  table,
  textBlock,
  type PdfColumn,
} from '../../platform/pdf';
import { getTransfer, type Transfer } from './transfer-read';

/**
 * `GET /transfer/{id}/download` (spec 001 §2, `transfers.reports`): the transfer as a PDF, in
 * Spanish: its number, both branches, its state, the dates and people of each step, and a table
 * of its lines (SKU, product, lot, expiry, sent, received), in the documents' one look
 * (`platform/pdf.ts`).
 */

const COLUMNS: readonly PdfColumn[] = [
  { title: 'SKU', width: 70, align: 'left' },
  { title: 'Producto', width: 170, align: 'left' },
  { title: 'Lote', width: 80, align: 'left' },
  { title: 'Caducidad', width: 62, align: 'left' },
  { title: 'Enviada', width: 75, align: 'right' },
  { title: 'Recibida', width: 75, align: 'right' },
];

const lineRows = (record: Transfer) =>
  record.transferProducts.map((line) => [
    line.product.sku,
    line.product.name,
    line.productStock.allotment || '—',
    formatLocalDate(line.productStock.expiresIn) || '—',
    String(line.stockedQuantity),
    line.receivedQuantity === null || line.receivedQuantity === undefined
      ? '—'
      : String(line.receivedQuantity),
  ]);

/** Writes the document and answers its bytes. */
export function renderTransfer(record: Transfer, printedAt: Date): Promise<Buffer> {
  return renderPdf(
    `Transferencia ${record.folio}`,
    `Impresa el ${localInstant(printedAt)}`,
    (doc, top) => {
      const width = contentWidth(doc);
      const third = width / 3;
      let y = top;
      field(doc, 'Sucursal de origen', record.originBranch.name, MARGIN, y, third);
      field(doc, 'Sucursal de destino', record.destinyBranch.name, MARGIN + third, y, third);
      field(doc, 'Estatus', record.status, MARGIN + third * 2, y, third);
      y += 30;
      const steps: [string, string, string, string][] = [
        [
          'Creada',
          localInstant(record.created_at),
          'Creada por',
          formatPersonName(record.createdBy),
        ],
        [
          'Aprobada',
          localInstant(record.approvedAt),
          'Aprobada por',
          formatPersonName(record.approvedBy),
        ],
        [
          'Recibida',
          localInstant(record.acceptedAt),
          'Recibida por',
          formatPersonName(record.acceptedBy),
        ],
      ];
      if (record.rejectedAt)
        steps.push([
          'Rechazada',
          localInstant(record.rejectedAt),
          'Rechazada por',
          formatPersonName(record.rejectedBy),
        ]);
      if (record.deleted_at) steps.push(['Eliminada', localInstant(record.deleted_at), '', '']);
      for (const [label, when, byLabel, by] of steps) {
        field(doc, label, when, MARGIN, y, third);
        if (byLabel) field(doc, byLabel, by, MARGIN + third, y, third * 2);
        y += 30;
      }
      if (record.hasDifference) {
        doc
          .font('Helvetica-Oblique')
          .fontSize(9)
          .fillColor(BLACK)
          .text(
            'Se recibió menos de lo enviado: la diferencia quedó como merma en tránsito.',
            MARGIN,
            y,
            { width },
          );
        y += 16;
      }
      y = table(doc, COLUMNS, lineRows(record), y + 4);
      for (const [label, text] of [
        ['Comentarios', record.comments],
        ['Motivo del rechazo', record.rejectReason],
      ] as const)
        if (text) y = textBlock(doc, label, text, y + 12);
    },
  );
}

/** The PDF of a transfer the caller reaches (404 code 20 otherwise), with its file name. */
export async function transferPdf(
  ctx: Context,
  id: number,
): Promise<{ bytes: Buffer; filename: string }> {
  const record = await getTransfer(ctx, id);
  return { bytes: await renderTransfer(record, ctx.clock.now()), filename: `${record.folio}.pdf` };
}
