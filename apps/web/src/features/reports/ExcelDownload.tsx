import { useState } from 'react';
import { Button } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { callApi, type QueryValue } from '../../shared/api/client';
import { saveFile, XLSX_TYPE } from '../../shared/list/excel';
import { fetchAllPages, type ListPage, type ListQueryParams } from '../../shared/list/fetchAll';
import { notifyError, notifySuccessText } from '../../shared/notify';
import { todayInBranch } from '../../shared/format';
import { reportDate } from './cells';
import { headingLines, type Heading } from './ReportHeading';
import { toSheet } from './excel/sheet';
import type { Cell, ReportColumn, ReportDef, Row } from './types';

/**
 * 'Descargar Excel' (spec 002 §9): the report as a real .xlsx with the table's heading, money and
 * dates as typed cells, and the totals; disabled while there is no data. The paged customers
 * report fetches every page first. exceljs and the builder load on the first click, in a worker.
 */

interface Props {
  report: ReportDef;
  heading: Heading;
  columns: ReportColumn[];
  answer: { rows: Row[]; totals: Record<string, Cell>[] } | undefined;
  query: Record<string, QueryValue> | null;
  disabled: boolean;
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function everyRow(report: ReportDef, query: Record<string, QueryValue>): Promise<Row[]> {
  const all = await fetchAllPages(
    async (pageQuery, signal) =>
      (await callApi(report.route, { query: pageQuery, signal })).data as ListPage<Row>,
    query as ListQueryParams,
  );
  return all.items;
}

export function ExcelDownload({ report, heading, columns, answer, query, disabled }: Props) {
  const [busy, setBusy] = useState(false);

  async function download() {
    if (!answer || !query) return;
    setBusy(true);
    try {
      const rows = report.paged ? await everyRow(report, query) : answer.rows;
      const today = todayInBranch();
      const lines = [...headingLines(heading), `Generado el ${reportDate(today)}`];
      const spec = toSheet(heading.title, lines, columns, rows, answer.totals);
      const { workbookBytes } = await import('./excel/exportExcel');
      const bytes = await workbookBytes(spec);
      saveFile(bytes, `${report.id}-${slug(heading.period)}.xlsx`, XLSX_TYPE);
      notifySuccessText(`${report.title}: exportado a Excel`);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      icon={<FileExcelOutlined />}
      loading={busy}
      disabled={disabled}
      onClick={() => void download()}
    >
      Descargar Excel
    </Button>
  );
}
