import { Alert, Flex } from 'antd';
import {
  DocumentFacts,
  DocumentHeading,
  DocumentLines,
  PdfButton,
  dash,
  differenceColumn,
  numberColumn,
  productColumn,
  stepOf,
} from '../../shared/documents/DocumentDetail';
import { formatLocalDate } from '../../shared/format';
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

const MONO = { fontFamily: 'monospace' } as const;

/** A line's difference: units sent that did not arrive, once received. */
export const differenceOf = (line: Pick<TransferLine, 'stockedQuantity' | 'receivedQuantity'>) =>
  line.receivedQuantity === null ? null : line.stockedQuantity - line.receivedQuantity;

const lineColumns = [
  productColumn<TransferLine>(),
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
  numberColumn('sent', 'Enviada', (line: TransferLine) => line.stockedQuantity),
  numberColumn('received', 'Recibida', (line: TransferLine) => line.receivedQuantity ?? '—'),
  differenceColumn((line: TransferLine) => differenceOf(line)),
];

/** The row modal (spec 001 §2): the transfer's branches, its steps and its lines. */
export function TransferDetail({ transfer }: { transfer: Transfer }) {
  const { can } = usePrivileges();
  const missing = missingUnits(transfer);
  return (
    <Flex vertical gap={16}>
      <DocumentHeading
        folio={folioOf(transfer)}
        tag={<TransferStatusTag transfer={transfer} />}
        actions={
          // Printing needs reports (spec 001 §6).
          <PdfButton
            allowed={can('transfers', 'reports') && !isDeleted(transfer)}
            open={() => openTransferPdf(transfer)}
          />
        }
      />
      {transfer.hasDifference && (
        <Alert
          type="warning"
          showIcon
          title={`Se recibieron ${missing} ${missing === 1 ? 'unidad' : 'unidades'} menos de las enviadas`}
          description="La diferencia quedó registrada como merma en tránsito."
        />
      )}
      <DocumentFacts
        deletedAt={transfer.deleted_at}
        comments={transfer.comments}
        items={[
          { key: 'origin', label: 'Sucursal de origen', children: transfer.originBranch.name },
          { key: 'destiny', label: 'Sucursal de destino', children: transfer.destinyBranch.name },
          {
            key: 'created',
            label: 'Creada',
            children: stepOf(transfer.created_at, transfer.createdBy),
          },
          {
            key: 'approved',
            label: 'Aprobada',
            children: stepOf(transfer.approvedAt, transfer.approvedBy),
          },
          {
            key: 'accepted',
            label: 'Recibida',
            children: stepOf(transfer.acceptedAt, transfer.acceptedBy),
          },
          ...(transfer.rejectedAt
            ? [
                {
                  key: 'rejected',
                  label: 'Rechazada',
                  children: stepOf(transfer.rejectedAt, transfer.rejectedBy),
                },
                {
                  key: 'reason',
                  label: 'Motivo del rechazo',
                  children: dash(transfer.rejectReason),
                },
              ]
            : []),
        ]}
      />
      <DocumentLines lines={transfer.transferProducts} columns={lineColumns} />
    </Flex>
  );
}
