import { Table } from 'antd';
import type { ClosingDetail } from '@clinica/domain';
import { formatMoney } from '../../shared/format';
import { ToneTag } from '../../shared/Tone';
import { dollars } from './ClosingFigures';

type Page = ClosingDetail['payments'];
type Row = Page['items'][number];

/**
 * The payments and refunds a closing counts (spec 002 §9: 5 a page, options 5, 10 and 15), paged
 * by the server: type, folio, time, customer, method, amount in its currency and in pesos.
 */
export function ClosingPayments({
  payments,
  loading,
  onPage,
}: {
  payments: Page | undefined;
  loading: boolean;
  onPage: (page: number, take: number) => void;
}) {
  return (
    <Table<Row>
      size="small"
      loading={loading}
      rowKey={(row) =>
        `${row.type}-${row.documentType}-${row.documentId}-${row.paymentMethod}-${row.amount}`
      }
      dataSource={payments?.items ?? []}
      caption={<span className="visually-hidden">Pagos y devoluciones del día</span>}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No hay pagos ni devoluciones en este día' }}
      pagination={{
        current: payments?.meta.page ?? 1,
        pageSize: payments?.meta.take ?? 5,
        total: payments?.meta.itemCount ?? 0,
        pageSizeOptions: [5, 10, 15],
        showSizeChanger: true,
        onChange: onPage,
      }}
      columns={[
        { key: 'time', title: 'Hora', render: (_, row) => row.time },
        {
          key: 'type',
          title: 'Tipo',
          render: (_, row) => (
            <ToneTag tone={row.type === 'Venta' ? 'green' : 'orange'}>{row.type}</ToneTag>
          ),
        },
        { key: 'folio', title: 'Folio', render: (_, row) => row.folio },
        {
          key: 'customer',
          title: 'Cliente',
          render: (_, row) => row.customer?.name ?? 'Público en general',
        },
        { key: 'method', title: 'Método', render: (_, row) => row.paymentMethod },
        {
          key: 'amount',
          title: 'Monto',
          align: 'right',
          render: (_, row) =>
            row.currency === 'DLS' ? dollars(row.amount) : formatMoney(row.amount),
        },
        {
          key: 'mxn',
          title: 'En MXN',
          align: 'right',
          render: (_, row) => formatMoney(row.amountMxn),
        },
        {
          key: 'change',
          title: 'Cambio',
          align: 'right',
          render: (_, row) => (row.changeAmount > 0 ? formatMoney(row.changeAmount) : '—'),
        },
      ]}
    />
  );
}
