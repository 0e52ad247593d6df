import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Select, Table, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { notifyError, notifySuccessText } from '../../shared/notify';
import { formatMoney, formatNumber, todayInBranch } from '../../shared/format';
import { useBranchOptions, useBranchScope } from '../../shared/lookups';
import { useStockReport, type StockReportRow } from './api';
import { ScrollRegion } from './ScrollRegion';
import { saveFile, XLSX_TYPE } from '../../shared/list/excel';
import { hasPrices, reportColumns, stockWorkbook } from './stockExcel';

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The stock-by-branch report (spec 001 §2, §6, §7): one row per lot with units, exported to Excel.
 * A role fixed to its branch gets its own branch at once; the others choose it. Prices only when
 * the API answers them (never to the Sucursal Gerente).
 */
export function StockReport({ titled = true }: { titled?: boolean }) {
  const scope = useBranchScope();
  const branches = useBranchOptions(!scope.fixed);
  const [chosen, setChosen] = useState<number | null>(null);
  const branchId = scope.fixed ? null : chosen;
  const report = useStockReport(branchId, scope.fixed || chosen !== null);
  const [exporting, setExporting] = useState(false);
  const rows = report.data ?? [];
  const priced = hasPrices(rows);
  const branchName = scope.fixed
    ? scope.branchName
    : (branches.data?.find((branch) => branch.id === chosen)?.name ?? '');
  const columns = reportColumns(priced).map((column) => ({
    key: column.key,
    title: column.header,
    align: column.money || column.key === 'quantity' ? ('right' as const) : undefined,
    className: column.key === 'product' ? 'stock-report__product' : undefined,
    render: (_: unknown, row: StockReportRow) => {
      const value = column.value(row);
      if (column.money) return formatMoney(value);
      return typeof value === 'number' ? formatNumber(value) : value || '—';
    },
  }));

  async function exportExcel() {
    setExporting(true);
    try {
      const bytes = await stockWorkbook(rows, branchName, priced);
      saveFile(bytes, `inventario-${slug(branchName)}-${todayInBranch()}.xlsx`, XLSX_TYPE);
      notifySuccessText('Reporte exportado a Excel');
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card
      className="stock-report"
      title={
        titled ? (
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Inventario por sucursal{branchName ? ` · ${branchName}` : ''}
          </Typography.Title>
        ) : undefined
      }
      styles={{ body: { padding: 0 } }}
    >
      <Flex wrap gap={12} justify="space-between" align="center" style={{ padding: 16 }}>
        {scope.fixed ? (
          <Typography.Text type="secondary">
            Existencias por lote de tu sucursal, {scope.branchName}.
          </Typography.Text>
        ) : (
          <Select<number>
            aria-label="Sucursal del reporte"
            placeholder="Elige la sucursal"
            style={{ width: 260, maxWidth: '100%' }}
            loading={branches.isLoading}
            value={chosen ?? undefined}
            onChange={(value) => setChosen(value)}
            showSearch={{ optionFilterProp: 'label' }}
            options={(branches.data ?? []).map((branch) => ({
              value: branch.id,
              label: branch.name,
            }))}
          />
        )}
        <Button
          icon={<FileExcelOutlined />}
          loading={exporting}
          disabled={rows.length === 0}
          onClick={() => void exportExcel()}
        >
          Exportar a Excel
        </Button>
      </Flex>
      {report.isError ? (
        <Alert
          type="error"
          showIcon
          message="No se pudo cargar el reporte."
          style={{ margin: 16 }}
        />
      ) : (
        <ScrollRegion label="Reporte de inventario por lote">
          <Table<StockReportRow>
            size="small"
            rowKey={(row) => `${row.sku}|${row.allotment}|${row.expiresIn ?? ''}`}
            columns={columns}
            dataSource={rows}
            loading={report.isFetching}
            pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    !scope.fixed && chosen === null
                      ? 'Elige una sucursal para ver su reporte'
                      : 'Sin existencias'
                  }
                />
              ),
            }}
          />
        </ScrollRegion>
      )}
    </Card>
  );
}
