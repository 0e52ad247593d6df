import { formatDateTime } from '../format';

/**
 * CSV and print-to-PDF exports of a list (spec 000 §2: only with the reports privilege). Both
 * take the columns' plain-text values, never the rendered cells.
 */

export interface ExportColumn<T> {
  title: string;
  value: (row: T) => string | number | null | undefined;
}

/** Spreadsheets run cells that start with these as formulas (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV with a BOM, so Excel in Spanish reads accents and ñ correctly. */
export function toCsv<T>(columns: ExportColumn<T>[], rows: T[]): string {
  const lines = [
    columns.map((column) => csvCell(column.title)).join(','),
    ...rows.map((row) => columns.map((column) => csvCell(column.value(row))).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export function printableHtml<T>(title: string, columns: ExportColumn<T>[], rows: T[]): string {
  const head = columns.map((column) => `<th>${escapeHtml(column.title)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${columns.map((column) => `<td>${escapeHtml(column.value(row))}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,'Segoe UI',Arial,sans-serif;color:#10201f;margin:24px}
h1{font-size:18px;margin:0 0 4px}p{margin:0 0 16px;color:#51605f;font-size:12px}
table{width:100%;border-collapse:collapse;font-size:11px}
th,td{border:1px solid #cfdad9;padding:4px 6px;text-align:left;vertical-align:top}
th{background:#eef4f3}tr:nth-child(even) td{background:#f8fbfa}
</style></head><body><h1>${escapeHtml(title)}</h1>
<p>Generado el ${escapeHtml(formatDateTime(new Date().toISOString()))} · ${rows.length} registros</p>
<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></body></html>`;
}

/** Opens the browser's print dialog on the list, where "Guardar como PDF" makes the PDF. */
export function printRows<T>(title: string, columns: ExportColumn<T>[], rows: T[]): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.position = 'fixed';
  frame.style.width = '0';
  frame.style.height = '0';
  frame.style.border = '0';
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const view = frame.contentWindow;
  if (!doc || !view) {
    frame.remove();
    return;
  }
  doc.open();
  doc.write(printableHtml(title, columns, rows));
  doc.close();
  view.focus();
  view.print();
  setTimeout(() => frame.remove(), 1000);
}
