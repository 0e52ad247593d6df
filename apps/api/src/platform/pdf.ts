import PDFDocument from 'pdfkit';
import { DEFAULT_TIME_ZONE } from '@clinica/domain';

/**
 * The printed documents' one look (purchase orders, transfers, assortment and sale orders): a
 * Letter page with 40-point margins, a bold title with a grey line under it, label-over-value
 * fields, a table with a bold header that repeats on each new page, and titled text blocks.
 * Built-in Helvetica (WinAnsi) writes every Spanish letter, so no font file is shipped. Dates
 * print as the chain reads them (spec 001 §1: Tijuana); people by `formatPersonName` of the
 * domain.
 */

export const MARGIN = 40;
export const BLACK = '#1f1f1f';
export const GREY = '#6b6b6b';
export const LINE = '#d0d0d0';

export type Doc = PDFKit.PDFDocument;

/** A table column: its title, width in points and alignment. */
export interface PdfColumn {
  readonly title: string;
  readonly width: number;
  readonly align: 'left' | 'right';
}

/**
 * Writes a document titled `title` (also its metadata) with `subtitle` in grey under it, then
 * lets `draw` write the rest from `MARGIN + 46`; answers the bytes.
 */
export function renderPdf(
  title: string,
  subtitle: string,
  draw: (doc: Doc, top: number) => void,
): Promise<Buffer> {
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
  doc.font('Helvetica-Bold').fontSize(18).fillColor(BLACK).text(title, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text(subtitle);
  draw(doc, MARGIN + 46);
  doc.end();
  return done;
}

/** The width between the margins. */
export const contentWidth = (doc: Doc) => doc.page.width - 2 * MARGIN;

/** A small grey label over its value ('—' when there is none). */
export function field(doc: Doc, label: string, value: string, x: number, y: number, width: number) {
  doc.font('Helvetica').fontSize(8).fillColor(GREY).text(label, x, y, { width });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(BLACK)
    .text(value || '—', x, y + 10, { width });
}

/** The columns' titles in bold over a rule; answers where the first row starts. */
function tableHeader(doc: Doc, columns: readonly PdfColumn[], y: number): number {
  let x = MARGIN;
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(BLACK);
  for (const column of columns) {
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

/**
 * A table from `top`: the header, then each row (one text per column) as tall as its tallest
 * cell, ruled under; a row that does not fit opens a new page with the header again. Answers the
 * y under the last row.
 */
export function table(
  doc: Doc,
  columns: readonly PdfColumn[],
  rows: readonly (readonly string[])[],
  top: number,
): number {
  let y = tableHeader(doc, columns, top);
  doc.font('Helvetica').fontSize(8.5).fillColor(BLACK);
  for (const cells of rows) {
    const height =
      Math.max(
        ...cells.map((cell, index) =>
          doc.heightOfString(cell, { width: columns[index]!.width - 4 }),
        ),
      ) + 6;
    if (y + height > doc.page.height - MARGIN - 20) {
      doc.addPage();
      y = tableHeader(doc, columns, MARGIN);
      doc.font('Helvetica').fontSize(8.5).fillColor(BLACK);
    }
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
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

/**
 * A bold title over a paragraph (comments, a reason) from `y`, on a new page when fewer than 40
 * points are left; answers the y under it.
 */
export function textBlock(doc: Doc, label: string, text: string, y: number): number {
  if (y + 40 > doc.page.height - MARGIN) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('Helvetica-Bold').fontSize(9).fillColor(BLACK).text(label, MARGIN, y);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(text, MARGIN, y + 12, { width: contentWidth(doc) });
  return doc.y;
}

const instantParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as the chain reads it: `21-11-2026 14:05`; nothing → ''. */
export function localInstant(instant: string | Date | null | undefined): string {
  if (!instant) return '';
  const parts = instantParts.formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')} ${part('hour')}:${part('minute')}`;
}

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE });

/** The chain's day of an instant, as `YYYY-MM-DD`. */
export const localDay = (instant: Date) => dayFormat.format(instant);
