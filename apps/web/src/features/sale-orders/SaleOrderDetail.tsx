import { Flex, Table, Tag } from 'antd';
import {
  DocumentFacts,
  DocumentHeading,
  DocumentLines,
  LotCell,
  PdfButton,
  dash,
  moneyColumn,
  numberColumn,
  productColumn,
} from '../../shared/documents/DocumentDetail';
import { formatDateTime, formatMoney } from '../../shared/format';
import { formatPhone } from '../../shared/phone';
import { usePrivileges } from '../../shared/session/hooks';
import { folioOf, isDeleted, openSaleOrderPdf, type SaleOrder, type SaleOrderLine } from './api';

const lineColumns = [
  productColumn<SaleOrderLine>(),
  {
    key: 'allotment',
    title: 'Lote',
    render: (_: unknown, line: SaleOrderLine) => <LotCell lot={line.productStock} />,
  },
  numberColumn('quantity', 'Cantidad', (line: SaleOrderLine) => line.quantity),
  moneyColumn('price', 'Precio', (line: SaleOrderLine) => line.price),
  moneyColumn('subtotal', 'Subtotal', (line: SaleOrderLine) => line.subtotal),
];

/** The detail drawer of an order (spec 001 §2: 700 wide, titled with its folio). */
export function SaleOrderDetail({ order }: { order: SaleOrder }) {
  const { can } = usePrivileges();
  const person = order.createdBy;
  return (
    <Flex vertical gap={16}>
      <DocumentHeading
        folio={folioOf(order)}
        tag={isDeleted(order) && <Tag color="red">Eliminada</Tag>}
        actions={
          // Printing needs show (spec 001 §6).
          <PdfButton allowed={can('saleOrder', 'show')} open={() => openSaleOrderPdf(order)} />
        }
      />
      <DocumentFacts
        oneColumn
        deletedAt={order.deleted_at}
        comments={order.comments}
        items={[
          { key: 'name', label: 'Razón social', children: order.name },
          {
            key: 'rfc',
            label: 'RFC',
            children: <span style={{ fontFamily: 'monospace' }}>{dash(order.rfc)}</span>,
          },
          { key: 'phone', label: 'Teléfono', children: formatPhone(order.phone) },
          { key: 'note', label: 'Número de nota', children: order.note },
          { key: 'branch', label: 'Sucursal', children: order.branch.name },
          {
            key: 'created',
            label: 'Registrada',
            children: `${formatDateTime(order.created_at)}${
              person ? ` por ${[person.name, person.lastName].join(' ')}` : ''
            }`,
          },
        ]}
      />
      <DocumentLines
        lines={order.saleOrderProducts}
        columns={lineColumns}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4} align="right">
              <strong>Total</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <strong style={{ whiteSpace: 'nowrap' }}>{formatMoney(order.totalAmount)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Flex>
  );
}
