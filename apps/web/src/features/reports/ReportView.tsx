import { Suspense, useMemo, useState } from 'react';
import { Alert, Card, Empty, Flex, Table } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { ScrollRegion } from '../../shared/ScrollRegion';
import { useBranchOptions, useBranchScope } from '../../shared/lookups';
import { useSession } from '../../shared/session/hooks';
import { cellOf, cellText, numeric, periodText } from './cells';
import { ExcelDownload } from './ExcelDownload';
import { initialFilters, queryOf } from './query';
import { ReportFilters } from './ReportFilters';
import { ReportHeading, type Heading } from './ReportHeading';
import type { Cell, FilterValues, ReportColumn, ReportDef, Row } from './types';

/**
 * One report (spec 002 §9): its filter form, the heading (user, role, title, period), the chart
 * where it has one (its own chunk), the table with its totals rows, and the Excel download. The
 * customers report pages on the server as any list; the others come whole.
 */

const PAGE_SIZES = [5, 15, 30, 45, 60];

interface Answer {
  raw: unknown;
  rows: Row[];
  totals: Record<string, Cell>[];
  itemCount: number;
}

export function ReportView({ report }: { report: ReportDef }) {
  const session = useSession();
  const scope = useBranchScope();
  const [values, setValues] = useState<FilterValues>(() => initialFilters());
  const [paging, setPaging] = useState({ page: 1, take: 15 });
  const built = queryOf(report, values, scope.fixed);
  const refusal = built && report.check ? report.check(built, scope.fixed) : null;
  const query = refusal ? null : built;
  const branches = useBranchOptions(!scope.fixed);
  const pageQuery = report.paged ? { ...query, ...paging } : query;

  const answer = useQuery({
    queryKey: ['report', report.id, pageQuery],
    enabled: query !== null,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<Answer> => {
      const { data } = await callApi(report.route, { query: pageQuery ?? {}, signal });
      const read = report.read(data);
      const meta = (data as { meta?: { itemCount?: number } }).meta;
      return { raw: data, ...read, itemCount: meta?.itemCount ?? read.rows.length };
    },
  });

  const rows = answer.data?.rows ?? [];
  const columns = report.columnsFor?.(rows) ?? report.columns;
  const branchName = scope.fixed
    ? scope.branchName
    : values.branchId === null
      ? report.filters.includes('branch')
        ? 'Todas las sucursales'
        : ''
      : (branches.data?.find((branch) => branch.id === values.branchId)?.name ?? '');
  const heading: Heading = {
    title: report.title,
    period: periodText(report.filters, values),
    branch: branchName,
    user: session?.user.fullname ?? '',
    role: session?.user.role ?? '',
  };
  const tableColumns = useMemo(() => columns.map(tableColumn), [columns]);
  const keys = useMemo(() => new WeakMap(rows.map((row, index) => [row, index])), [rows]);
  const Chart = report.chart;

  return (
    <Card className="report-view" styles={{ body: { padding: 0 } }}>
      <Flex wrap gap={12} justify="space-between" align="end" className="report-view__bar">
        <ReportFilters
          report={report}
          values={values}
          onChange={(next) => {
            setValues(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
        />
        <ExcelDownload
          report={report}
          heading={heading}
          columns={columns}
          answer={answer.data}
          query={query}
          disabled={rows.length === 0 || answer.isFetching}
        />
      </Flex>
      {answer.isError ? (
        <Alert
          type="error"
          showIcon
          title="No se pudo cargar el reporte."
          description={answer.error.message}
          style={{ margin: 16 }}
        />
      ) : (
        <>
          {Chart && rows.length > 0 && (
            <Suspense fallback={<div className="report-chart" aria-busy="true" />}>
              <Chart rows={rows} answerTotals={(answer.data?.raw as { totals?: unknown }).totals} />
            </Suspense>
          )}
          <ScrollRegion label={`Tabla del reporte ${report.title}`}>
            <Table<Row>
              size="small"
              className="report-table"
              title={() => <ReportHeading heading={heading} />}
              rowKey={report.rowKey ?? ((row) => String(keys.get(row)))}
              columns={tableColumns}
              dataSource={rows}
              loading={answer.isFetching}
              pagination={
                report.paged
                  ? {
                      current: paging.page,
                      pageSize: paging.take,
                      total: answer.data?.itemCount ?? 0,
                      pageSizeOptions: PAGE_SIZES,
                      showSizeChanger: true,
                      onChange: (page, take) => setPaging({ page, take }),
                    }
                  : {
                      defaultPageSize: 20,
                      pageSizeOptions: [20, 50, 100],
                      hideOnSinglePage: true,
                    }
              }
              summary={() => <TotalsRows columns={columns} totals={answer.data?.totals ?? []} />}
              locale={{
                emptyText: (
                  <Empty
                    image={Empty.PRESENTED_IMAGE_SIMPLE}
                    description={
                      refusal
                        ? refusal
                        : query === null
                          ? (report.emptyText ?? 'Elige los filtros del reporte')
                          : 'Sin datos en el periodo'
                    }
                  />
                ),
              }}
            />
          </ScrollRegion>
        </>
      )}
    </Card>
  );
}

function tableColumn(column: ReportColumn) {
  return {
    key: column.key,
    title: column.title,
    align: numeric(column.kind) ? ('right' as const) : undefined,
    render: (_: unknown, row: Row) => {
      const text = cellText(column.kind, cellOf(column, row));
      const band = column.key === 'percentage' ? (row.color as string | undefined) : undefined;
      return band ? <BandCell band={band} text={text} /> : text;
    },
  };
}

const BAND_WORDS: Record<string, string> = { red: 'bajo', yellow: 'medio', green: 'alto' };

/** The occupation's percentage in its colour band, with the band's word (not colour alone). */
function BandCell({ band, text }: { band: string; text: string }) {
  return (
    <span className={`report-band report-band--${band}`}>
      {text} <span className="report-band__word">({BAND_WORDS[band] ?? band})</span>
    </span>
  );
}

function TotalsRows({
  columns,
  totals,
}: {
  columns: ReportColumn[];
  totals: Record<string, Cell>[];
}) {
  if (totals.length === 0) return null;
  return (
    <Table.Summary>
      {totals.map((row, rowIndex) => (
        <Table.Summary.Row key={rowIndex} className="report-table__totals">
          {columns.map((column, index) => (
            <Table.Summary.Cell
              key={column.key}
              index={index}
              align={numeric(column.kind) ? 'right' : undefined}
            >
              {row[column.key] === null || row[column.key] === undefined
                ? ''
                : index === 0
                  ? String(row[column.key])
                  : cellText(column.kind, row[column.key] ?? null)}
            </Table.Summary.Cell>
          ))}
        </Table.Summary.Row>
      ))}
    </Table.Summary>
  );
}
