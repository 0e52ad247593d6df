import { useState } from 'react';
import { Alert, Button, Descriptions, Flex, Table, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { formatDateTime, formatLocalDate } from '../../shared/format';
import { notifyError } from '../../shared/notify';
import { fullNameOf } from '../../shared/people';
import { usePrivileges } from '../../shared/session/hooks';
import {
  folioOf,
  isDeleted,
  missingUnits,
  openTransferPdf,
  type Transfer,
  type TransferLine,
} from './api';
import { TransferStatusTag } from './TransferStatusTag';

type Person = Transfer['createdBy'];

/** 'Descargar PDF' (spec 001 §6: needs reports), opened in a new tab. */
export function TransferPdfButton({ transfer }: { transfer: Transfer }) {
  const { can } = usePrivileges();
  const [opening, setOpening] = useState(false);
  if (!can('transfers', 'reports') || isDeleted(transfer)) return null;
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={opening}
      onClick={() => {
        setOpening(true);
        openTransferPdf(transfer)
          .catch(notifyError)
          .finally(() => setOpening(false));
      }}
    >
      Descargar PDF
    </Button>
  );
}

const MONO = { fontFamily: 'monospace' } as const;

/** 'Ana López · 24-11-2026 10:15', or a dash when the step has not happened. */
function stepOf(person: Person, at: string | null) {
  if (!at) return '—';
  return `${formatDateTime(at)}${person ? ` · ${fullNameOf(person)}` : ''}`;
}

/** A line's difference: units sent that did not arrive, once received. */
export const differenceOf = (line: Pick<TransferLine, 'stockedQuantity' | 'receivedQuantity'>) =>
  line.receivedQuantity === null ? null : line.stockedQuantity - line.receivedQuantity;

const lineColumns = [
  {
    key: 'product',
    title: 'Producto',
    render: (_: unknown, line: TransferLine) => (
      <Flex vertical>
        <span>{line.product.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12, ...MONO }}>
          {line.product.sku}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    key: 'allotment',
    title: 'Lote',
    render: (_: unknown, line: TransferLine) => (
      <span style={MONO}>{line.productStock.allotment}</span>
    ),
  },
  {
    key: 'expiresIn',
    title: 'Caducidad',
    render: (_: unknown, line: TransferLine) =>
      line.productStock.expiresIn ? formatLocalDate(line.productStock.expiresIn) : 'Sin caducidad',
  },
  {
    key: 'sent',
    title: 'Enviada',
    align: 'right' as const,
    render: (_: unknown, line: TransferLine) => line.stockedQuantity,
  },
  {
    key: 'received',
    title: 'Recibida',
    align: 'right' as const,
    render: (_: unknown, line: TransferLine) => line.receivedQuantity ?? '—',
  },
  {
    key: 'difference',
    title: 'Diferencia',
    align: 'right' as const,
    render: (_: unknown, line: TransferLine) => {
      const difference = differenceOf(line);
      if (difference === null) return '—';
      return difference > 0 ? <strong className="transfer-difference">−{difference}</strong> : '0';
    },
  },
];

/** The row modal (spec 001 §2): the transfer's branches, its steps and its lines. */
export function TransferDetail({ transfer }: { transfer: Transfer }) {
  const missing = missingUnits(transfer);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong style={{ fontSize: 18, ...MONO }}>
            {folioOf(transfer)}
          </Typography.Text>
          <TransferStatusTag transfer={transfer} />
        </Flex>
        <TransferPdfButton transfer={transfer} />
      </Flex>
      {transfer.hasDifference && (
        <Alert
          type="warning"
          showIcon
          title={`Se recibieron ${missing} ${missing === 1 ? 'unidad' : 'unidades'} menos de las enviadas`}
          description="La diferencia quedó registrada como merma en tránsito."
        />
      )}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }}
        items={[
          { key: 'origin', label: 'Sucursal de origen', children: transfer.originBranch.name },
          { key: 'destiny', label: 'Sucursal de destino', children: transfer.destinyBranch.name },
          {
            key: 'created',
            label: 'Creada',
            children: stepOf(transfer.createdBy, transfer.created_at),
          },
          {
            key: 'approved',
            label: 'Aprobada',
            children: stepOf(transfer.approvedBy, transfer.approvedAt),
          },
          {
            key: 'accepted',
            label: 'Recibida',
            children: stepOf(transfer.acceptedBy, transfer.acceptedAt),
          },
          ...(transfer.rejectedAt
            ? [
                {
                  key: 'rejected',
                  label: 'Rechazada',
                  children: stepOf(transfer.rejectedBy, transfer.rejectedAt),
                },
                {
                  key: 'reason',
                  label: 'Motivo del rechazo',
                  children: transfer.rejectReason || '—',
                },
              ]
            : []),
          ...(transfer.deleted_at
            ? [
                {
                  key: 'deleted',
                  label: 'Eliminada',
                  children: formatDateTime(transfer.deleted_at),
                },
              ]
            : []),
          {
            key: 'comments',
            label: 'Comentarios',
            children: transfer.comments || '—',
            span: 'filled' as const,
          },
        ]}
      />
      <Table<TransferLine>
        rowKey={(line) => line.id}
        size="small"
        columns={lineColumns}
        dataSource={transfer.transferProducts}
        pagination={false}
        scroll={{ x: 'max-content' }}
        title={() => <Typography.Text strong>Productos</Typography.Text>}
      />
    </Flex>
  );
}
