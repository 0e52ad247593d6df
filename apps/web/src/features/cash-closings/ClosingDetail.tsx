import { useState } from 'react';
import { Button, Descriptions, Flex, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatDateTime, formatLocalDate, formatMoney } from '../../shared/format';
import { notifyError } from '../../shared/notify';
import { closingKeys, fetchClosing, openClosingPdf, type ClosingRecord } from './api';
import { ClosingFigures, dollars } from './ClosingFigures';
import { ClosingPayments } from './ClosingPayments';

/** A difference in pesos or dollars, signed and coloured: short in red, over in green. */
export function Difference({
  value,
  inDollars = false,
}: {
  value: number | null;
  inDollars?: boolean;
}) {
  if (value === null) return <Typography.Text type="secondary">Sin conteo</Typography.Text>;
  const text = inDollars ? dollars(value) : formatMoney(value);
  if (value === 0) return <span>{text} (cuadra)</span>;
  return (
    <Typography.Text type={value < 0 ? 'danger' : 'success'}>
      {value > 0 ? '+' : ''}
      {text} ({value < 0 ? 'faltante' : 'sobrante'})
    </Typography.Text>
  );
}

/**
 * A closing as recorded (CONTRACT §12): who closed which day and when, the counts, the cash
 * counted and its differences, every figure by method (with the cash orders' beside them), the
 * payments it counted 5 a page, and its PDF.
 */
export function ClosingDetail({ record }: { record: ClosingRecord }) {
  const [paging, setPaging] = useState({ page: 1, take: 5 });
  const detail = useQuery({
    queryKey: closingKeys.detail(record.id, paging.page, paging.take),
    queryFn: ({ signal }) => fetchClosing(record.id, paging, signal),
    placeholderData: keepPreviousData,
  });
  const shown = detail.data ?? record;
  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <Button
          icon={<FilePdfOutlined />}
          onClick={() => void openClosingPdf(shown).catch((error: unknown) => notifyError(error))}
        >
          Descargar PDF
        </Button>
      </Flex>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2, lg: 3 }}>
        <Descriptions.Item label="Folio">{shown.folio}</Descriptions.Item>
        <Descriptions.Item label="Sucursal">{shown.branch.name}</Descriptions.Item>
        <Descriptions.Item label="Día">{formatLocalDate(shown.date)}</Descriptions.Item>
        <Descriptions.Item label="Cerró">{shown.user.name}</Descriptions.Item>
        <Descriptions.Item label="Cerrado el">{formatDateTime(shown.created_at)}</Descriptions.Item>
        <Descriptions.Item label="Tipo de cambio">
          {shown.exchangeRate.toFixed(4)}
        </Descriptions.Item>
        <Descriptions.Item label="Órdenes">{shown.ordersCount}</Descriptions.Item>
        <Descriptions.Item label="Ventas de productos">{shown.cashOrdersCount}</Descriptions.Item>
        <Descriptions.Item label="Devoluciones">{shown.refundsCount}</Descriptions.Item>
        <Descriptions.Item label="Efectivo esperado">
          {formatMoney(shown.cashTotal - shown.refundCash)}
        </Descriptions.Item>
        <Descriptions.Item label="Efectivo contado">
          {shown.countedCash === null ? '—' : formatMoney(shown.countedCash)}
        </Descriptions.Item>
        <Descriptions.Item label="Diferencia">
          <Difference value={shown.difference} />
        </Descriptions.Item>
        <Descriptions.Item label="Dólares esperados">
          {dollars(shown.cashTotalDollars)}
        </Descriptions.Item>
        <Descriptions.Item label="Dólares contados">
          {shown.countedCashDollars === null ? '—' : dollars(shown.countedCashDollars)}
        </Descriptions.Item>
        <Descriptions.Item label="Diferencia en dólares">
          <Difference value={shown.differenceDollars} inDollars />
        </Descriptions.Item>
        {shown.comments && (
          <Descriptions.Item label="Comentarios" span={3}>
            {shown.comments}
          </Descriptions.Item>
        )}
      </Descriptions>
      <ClosingFigures
        figures={shown}
        products={shown.products}
        caption={`Cifras del corte ${shown.folio}`}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        Pagos y devoluciones contados
      </Typography.Title>
      <ClosingPayments
        payments={detail.data?.payments}
        loading={detail.isFetching}
        onPage={(page, take) => setPaging({ page: take === paging.take ? page : 1, take })}
      />
    </Flex>
  );
}
