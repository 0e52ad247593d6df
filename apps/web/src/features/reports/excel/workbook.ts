import { strToU8, zipSync } from 'fflate';
import type { Cell, CellKind } from '../types';
import type { SheetSpec } from './sheet';

/**
 * The .xlsx of a report (spec 002 §9: the export runs in the client): the header lines, the
 * column titles, one row per report row with money, dates and counts as typed cells in es-MX
 * formats, then the totals rows in bold, the rows above the data frozen. Written here as the
 * SpreadsheetML parts themselves, zipped by fflate: a year of the chain's closings (18,000 rows
 * of 23 cells) took exceljs 2.8 s and takes this a fraction of it (README.md). It runs in a Web
 * Worker (`excel.worker.ts`); where there is none it runs on the page, yielding to the browser
 * every `CHUNK` rows so a year of the chain does not freeze it.
 */

export const CHUNK = 1_000;

const FORMATS: Partial<Record<CellKind, string>> = {
  money: '"$"#,##0.00;-"$"#,##0.00',
  dollars: '"US$"#,##0.00;-"US$"#,##0.00',
  count: '#,##0',
  rate: '#,##0.0000',
  percent: '0.00" %"',
  date: 'dd/mm/yyyy',
};
const FORMAT_IDS = new Map(Object.values(FORMATS).map((code, index) => [code, 164 + index]));

/** The fonts of the styles part, by what they are for. */
const FONT = { plain: 0, bold: 1, title: 2, italic: 3 } as const;
const FILL_HEADER = 2;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text as XML: the five markup characters escaped, the control characters XML refuses dropped. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const escapeXml = (text: string) =>
  NEEDS_ESCAPE.test(text)
    ? text.replace(CONTROL, '').replace(/[&<>"]/g, (char) => ESCAPES[char]!)
    : text;

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/** A branch-local `YYYY-MM-DD` as Excel's serial day (1900 date system). */
function excelValue(kind: CellKind, value: Cell): Cell {
  if (kind === 'date' && typeof value === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    if (match)
      return (
        Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / 86_400_000 + 25_569
      );
  }
  return value;
}

/** The cell formats (`cellXfs`) the sheet uses, numbered as they are first asked for. */
class Styles {
  private readonly keys = new Map<string, number>([['0|0|0', 0]]);

  of(format: string | undefined, font: number, fill = 0): number {
    const key = `${format ? FORMAT_IDS.get(format)! : 0}|${font}|${fill}`;
    let id = this.keys.get(key);
    if (id === undefined) {
      id = this.keys.size;
      this.keys.set(key, id);
    }
    return id;
  }

  xml(): string {
    const formats = [...FORMAT_IDS]
      .map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`)
      .join('');
    const font = (style: string) => `<font>${style}<sz val="11"/><name val="Calibri"/></font>`;
    const fonts = [
      font(''),
      font('<b/>'),
      '<font><b/><sz val="13"/><name val="Calibri"/></font>',
      font('<i/>'),
    ];
    const xfs = [...this.keys.keys()].map((key) => {
      const [format, fontId, fill] = key.split('|');
      return (
        `<xf numFmtId="${format}" fontId="${fontId}" fillId="${fill}" borderId="0" xfId="0"` +
        `${format !== '0' ? ' applyNumberFormat="1"' : ''}${fontId !== '0' ? ' applyFont="1"' : ''}` +
        `${fill !== '0' ? ' applyFill="1"' : ''}/>`
      );
    });
    return (
      `${XML}<styleSheet xmlns="${MAIN}">` +
      `<numFmts count="${FORMAT_IDS.size}">${formats}</numFmts>` +
      `<fonts count="${fonts.length}">${fonts.join('')}</fonts>` +
      '<fills count="3"><fill><patternFill patternType="none"/></fill>' +
      '<fill><patternFill patternType="gray125"/></fill>' +
      '<fill><patternFill patternType="solid"><fgColor rgb="FFE6F2F0"/><bgColor indexed="64"/></patternFill></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}

/** The columns' letters, worked out once: a year of the chain writes 400,000 cells. */
const COLUMN_NAMES: string[] = [];
const columnOf = (index: number) => (COLUMN_NAMES[index] ??= columnName(index));

/** One `<row>`: its cells in the given styles (a null cell is left out), the row's own style. */
function rowXml(number: number, values: Cell[], styles: number[], rowStyle?: number): string {
  let cells = '';
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index];
    if (value === null || value === undefined) continue;
    const at = columnOf(index) + number;
    const style = styles[index] ? ` s="${styles[index]}"` : '';
    if (typeof value === 'number') {
      if (Number.isFinite(value)) cells += `<c r="${at}"${style}><v>${value}</v></c>`;
    } else {
      cells += `<c r="${at}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
    }
  }
  const own = rowStyle ? ` s="${rowStyle}" customFormat="1"` : '';
  return `<row r="${number}"${own}>${cells}</row>`;
}

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function buildWorkbook(
  spec: SheetSpec,
  { yieldEvery = CHUNK }: { yieldEvery?: number } = {},
): Promise<ArrayBuffer> {
  const styles = new Styles();
  const kinds = spec.columns.map((column) => column.kind);
  const rows: string[] = [];
  spec.heading.forEach((line, index) => {
    const style = styles.of(undefined, index === 0 ? FONT.title : FONT.italic);
    rows.push(rowXml(rows.length + 1, [line], [style], style));
  });
  const header = styles.of(undefined, FONT.bold, FILL_HEADER);
  rows.push(
    rowXml(
      rows.length + 1,
      spec.columns.map((column) => column.title),
      spec.columns.map(() => header),
      styles.of(undefined, FONT.bold),
    ),
  );
  const frozen = rows.length;
  const plain = kinds.map((kind) => styles.of(FORMATS[kind], FONT.plain));
  for (let start = 0; start < spec.rows.length; start += yieldEvery) {
    for (const values of spec.rows.slice(start, start + yieldEvery)) {
      rows.push(
        rowXml(
          rows.length + 1,
          values.map((value, index) => excelValue(kinds[index]!, value)),
          plain,
        ),
      );
    }
    if (start + yieldEvery < spec.rows.length) await yieldToBrowser();
  }
  const bold = kinds.map((kind) => styles.of(FORMATS[kind], FONT.bold));
  for (const values of spec.totals) {
    rows.push(
      rowXml(
        rows.length + 1,
        values.map((value, index) => excelValue(kinds[index]!, value)),
        bold,
        styles.of(undefined, FONT.bold),
      ),
    );
  }

  const columns = spec.columns
    .map(
      (column, index) =>
        `<col min="${index + 1}" max="${index + 1}" width="${column.width}" customWidth="1"/>`,
    )
    .join('');
  const sheet =
    `${XML}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${frozen}" topLeftCell="A${frozen + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/>` +
    (columns ? `<cols>${columns}</cols>` : '') +
    `<sheetData>${rows.join('')}</sheetData></worksheet>`;
  const name = escapeXml(spec.sheetName || 'Reporte');
  const created = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const files = {
    '[Content_Types].xml': strToU8(
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/>` +
        `<Relationship Id="rId2" Type="${PACKAGE_RELATIONSHIPS}/metadata/core-properties" Target="docProps/core.xml"/>` +
        '</Relationships>',
    ),
    'docProps/core.xml': strToU8(
      `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:creator>Clínica</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created>` +
        '</cp:coreProperties>',
    ),
    'xl/workbook.xml': strToU8(
      `${XML}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
        `<sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${XML}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
        `<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ),
    'xl/styles.xml': strToU8(styles.xml()),
    'xl/worksheets/sheet1.xml': strToU8(sheet),
  };
  // Level 1: the sheet's XML is repetitive, so the fastest level already shrinks it tenfold.
  const zipped = zipSync(files, { level: 1 });
  return zipped.buffer.slice(
    zipped.byteOffset,
    zipped.byteOffset + zipped.byteLength,
  ) as ArrayBuffer;
}
