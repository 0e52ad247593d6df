import PDFDocument from 'pdfkit';
import { DEFAULT_TIME_ZONE } from '@clinica/domain';
import type { Context } from '../../platform/context';
import { getTransfer, type Transfer } from './transfer-read';

/**
 * `GET /transfer/{id}/download` (spec 001 §2, `transfers.reports`): the transfer as a PDF, in
 * Spanish: its number, both branches, its state, the dates and people of each step, and a table
 * of its lines (SKU, product, lot, expiry, sent, received). Built-in Helvetica (WinAnsi) writes
 * every Spanish letter, so no font file is shipped.
 */

const MARGIN = 40;
const BLACK = '#1f1f1f';
const GREY = '#6b6b6b';
const LINE = '#d0d0d0';

const COLUMNS = [
  { title: 'SKU', width: 70, align: 'left' },
  { title: 'Producto', width: 170, align: 'left' },
  { title: 'Lote', width: 80, align: 'left' },
  { title: 'Caducidad', width: 62, align: 'left' },
  { title: 'Enviada', width: 75, align: 'right' },
  { title: 'Recibida', width: 75, align: 'right' },
] as const;

type Doc = PDFKit.PDFDocument;

/** `2026-11-21` → `21-11-2026`; nothing → ''. */
const localDate = (date: string | null | undefined) => {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  return match ? `${match[3]}-${match[2]}-${match[1]}` : '';
};

/** An instant as the chain reads it (spec 001 §1: Tijuana): `21-11-2026 14:05`. */
const localTime = (instant: string | null) => {
  if (!instant) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: DEFAULT_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
};

const fullName = (person: Transfer['createdBy']) =>
  person ? [person.name, person.lastName, person.motherLastName].filter(Boolean).join(' ') : '';

function field(doc: Doc, label: string, value: string, x: number, y: number, width: number) {
  doc.font('Helvetica').fontSize(8).fillColor(GREY).text(label, x, y, { width });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(BLACK)
    .text(value || '—', x, y + 10, { width });
}

function tableHeader(doc: Doc, y: number): number {
  let x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(BLACK);
  for (const column of COLUMNS) {
    doc.text(column.title, x + 2, y + 4, { width: column.width - 4, align: column.align });
    x += column.width;
  }
  const bottom = y + 16;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(doc.page.width - MARGIN, bottom)
    .strokeColor(LINE)
    .stroke();
  return bottom + 2;
}

function linesTable(doc: Doc, record: Transfer, top: number): number {
  let y = tableHeader(doc, top);
  doc.font('Helvetica').fontSize(8.5).fillColor(BLACK);
  for (const line of record.transferProducts) {
    const cells = [
      line.product.sku,
      line.product.name,
      line.productStock.allotment || '—',
      localDate(line.productStock.expiresIn) || '—',
      String(line.stockedQuantity),
      line.receivedQuantity === null || line.receivedQuantity === undefined
        ? '—'
        : String(line.receivedQuantity),
    ];
    const height =
      Math.max(
        ...cells.map((cell, index) =>
          doc.heightOfString(cell, { width: COLUMNS[index]!.width - 4 }),
        ),
      ) + 6;
    if (y + height > doc.page.height - MARGIN - 20) {
      doc.addPage();
      y = tableHeader(doc, MARGIN);
      doc.font('Helvetica').fontSize(8.5).fillColor(BLACK);
    }
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const column = COLUMNS[index]!;
      doc.text(cell, x + 2, y + 3, { width: column.width - 4, align: column.align });
      x += column.width;
    });
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(doc.page.width - MARGIN, y)
      .strokeColor(LINE)
      .stroke();
  }
  return y;
}

/** Writes the document and answers its bytes. */
export function renderTransfer(record: Transfer, printedAt: Date): Promise<Buffer> {
  const title = `Transferencia ${record.folio}`;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: title, Author: 'Clínicas Bellezza' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(18).fillColor(BLACK).text(title, MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(`Impresa el ${localTime(printedAt.toISOString())}`);

  const third = width / 3;
  let y = MARGIN + 46;
  field(doc, 'Sucursal de origen', record.originBranch.name, MARGIN, y, third);
  field(doc, 'Sucursal de destino', record.destinyBranch.name, MARGIN + third, y, third);
  field(doc, 'Estatus', record.status, MARGIN + third * 2, y, third);
  y += 30;
  const steps: [string, string, string, string][] = [
    ['Creada', localTime(record.created_at), 'Creada por', fullName(record.createdBy)],
    ['Aprobada', localTime(record.approvedAt), 'Aprobada por', fullName(record.approvedBy)],
    ['Recibida', localTime(record.acceptedAt), 'Recibida por', fullName(record.acceptedBy)],
  ];
  if (record.rejectedAt)
    steps.push([
      'Rechazada',
      localTime(record.rejectedAt),
      'Rechazada por',
      fullName(record.rejectedBy),
    ]);
  if (record.deleted_at) steps.push(['Eliminada', localTime(record.deleted_at), '', '']);
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
        {
          width,
        },
      );
    y += 16;
  }
  y = linesTable(doc, record, y + 4);
  for (const [label, text] of [
    ['Comentarios', record.comments],
    ['Motivo del rechazo', record.rejectReason],
  ] as const) {
    if (!text) continue;
    y += 12;
    if (y + 40 > doc.page.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font('Helvetica-Bold').fontSize(9).fillColor(BLACK).text(label, MARGIN, y);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(text, MARGIN, y + 12, { width });
    y = doc.y;
  }
  doc.end();
  return done;
}

/** The PDF of a transfer the caller reaches (404 code 20 otherwise), with its file name. */
export async function transferPdf(
  ctx: Context,
  id: number,
): Promise<{ bytes: Buffer; filename: string }> {
  const record = await getTransfer(ctx, id);
  return { bytes: await renderTransfer(record, ctx.clock.now()), filename: `${record.folio}.pdf` };
}
