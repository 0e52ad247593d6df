import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Flex, Modal, Typography } from 'antd';
import { CheckOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  WAITLIST_STATUSES,
  WAITLIST_STATUS_COLORS,
  WAITLIST_STATUS_LABELS,
  isActiveEntry,
} from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { tagColumn, textColumn } from '../../shared/list/columns';
import { selectFilter } from '../../shared/list/filters';
import { rowAction } from '../../shared/list/rowActions';
import { formatLocalDate } from '../../shared/format';
import { notifyError, notifySuccess } from '../../shared/notify';
import { useBranchFilter, useBranchScope } from '../../shared/lookups';
import { ToneTag } from '../../shared/Tone';
import { Countdown } from './Countdown';
import { acceptOffer, cancelEntry, fetchEntryPage, waitlistKeys, type Entry } from './api';

const personOf = (entry: Entry) =>
  [entry.customer.name, entry.customer.lastName, entry.customer.motherLastName]
    .filter(Boolean)
    .join(' ');

const range = (entry: Entry) =>
  entry.fromDate === entry.toDate
    ? formatLocalDate(entry.fromDate)
    : `${formatLocalDate(entry.fromDate)} a ${formatLocalDate(entry.toDate)}`;

const hours = (entry: Entry) =>
  entry.timeFrom || entry.timeTo
    ? `${entry.timeFrom ?? 'apertura'} a ${entry.timeTo ?? 'cierre'}`
    : 'Cualquier hora';

const offerText = (entry: Entry) =>
  entry.offer
    ? `${formatLocalDate(entry.offer.date)} ${entry.offer.startTime}–${entry.offer.endTime}, ${entry.offer.cabain.name}`
    : '';

/** The open offer: when and where, and how long it is still held. */
function OfferCell({ entry }: { entry: Entry }) {
  if (!entry.offer) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      <span>{offerText(entry)}</span>
      <Typography.Text type="secondary">
        Apartada: <Countdown until={entry.offer.expiresAt} />
      </Typography.Text>
    </Flex>
  );
}

const columns = [
  textColumn<Entry>('customer', 'Clienta', personOf),
  textColumn<Entry>('treatment', 'Tratamiento', (entry) => entry.treatment.name),
  textColumn<Entry>('branch', 'Sucursal', (entry) => entry.branch.name),
  textColumn<Entry>('fromDate', 'Fechas', range, { sort: true }),
  textColumn<Entry>('hours', 'Horario', hours, { whole: true }),
  tagColumn<Entry>(
    'status',
    'Estatus',
    (entry) => (
      <ToneTag tone={WAITLIST_STATUS_COLORS[entry.status]}>
        {WAITLIST_STATUS_LABELS[entry.status]}
      </ToneTag>
    ),
    (entry) => WAITLIST_STATUS_LABELS[entry.status],
    { sort: true },
  ),
  tagColumn<Entry>('offer', 'Oferta', (entry) => <OfferCell entry={entry} />, offerText),
  textColumn<Entry>('created_at', 'En espera desde', (entry) =>
    formatLocalDate(entry.created_at.slice(0, 10)),
  ),
];

const STATUS_OPTIONS = WAITLIST_STATUSES.map((value) => ({
  value,
  label: WAITLIST_STATUS_LABELS[value],
}));

/** `/dashboard/lista-de-espera` (CONTRACT §15); the agenda links here with ?status and ?date. */
export function WaitlistPage() {
  const [params] = useSearchParams();
  const scope = useBranchScope();
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const [modal, holder] = Modal.useModal();
  const queryClient = useQueryClient();
  const filters = useMemo(
    () => [...branchFilter, selectFilter('status', 'Estatus', STATUS_OPTIONS, { width: 150 })],
    [branchFilter],
  );
  const act = (
    entry: Entry,
    question: { title: string; content: string; okText: string },
    run: (entry: Entry) => Promise<{ status: number; code: number }>,
  ) =>
    modal.confirm({
      ...question,
      cancelText: 'Volver',
      onOk: async () => {
        try {
          const answer = await run(entry);
          notifySuccess(answer.status, answer.code);
        } catch (error) {
          notifyError(error);
        }
        await queryClient.invalidateQueries({ queryKey: waitlistKeys.all });
      },
    });
  const rowActions = [
    rowAction<Entry>('accept', 'Aceptar por la clienta', 'edit', <CheckOutlined />, {
      visible: (entry) => entry.offer !== null,
      onSelect: (entry) =>
        act(
          entry,
          {
            title: `¿Agendar a ${personOf(entry)}?`,
            content: `La clienta acepta ${offerText(entry)}: queda agendada.`,
            okText: 'Aceptar por la clienta',
          },
          acceptOffer,
        ),
    }),
    rowAction<Entry>('cancel', 'Cancelar', 'delete', <StopOutlined />, {
      visible: (entry) => isActiveEntry(entry.status),
      onSelect: (entry) =>
        act(
          entry,
          {
            title: `¿Sacar a ${personOf(entry)} de la lista de espera?`,
            content: entry.offer
              ? 'Su horario apartado se libera y se ofrece a la siguiente.'
              : 'Ya no se le ofrecerán horarios.',
            okText: 'Cancelar solicitud',
          },
          cancelEntry,
        ),
    }),
  ];
  const initial = Object.fromEntries(
    ['status', 'date'].flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])),
  );

  return (
    <>
      {holder}
      <PageHeader
        title="Lista de espera"
        description={`Clientas que esperan un horario${scope.fixed ? ` en ${scope.branchName}` : ''}: cuando se libera uno se aparta para la más antigua y se le avisa; tiene un tiempo para aceptarlo.`}
      />
      <ResourceList<Entry>
        listKey={waitlistKeys.all[0]}
        resource="waitlist"
        title="Lista de espera"
        exportName="lista-de-espera"
        fetchPage={fetchEntryPage}
        rowKey={(entry) => entry.id}
        rowLabel={(entry) => `${personOf(entry)}, ${entry.treatment.name}`}
        columns={columns}
        searchFields={[{ value: 'customer', label: 'Clienta' }]}
        filters={filters}
        defaultFilters={initial}
        defaultSort={{ field: 'created_at', order: 'DESC' }}
        rowActions={rowActions}
        createPath="/dashboard/lista-de-espera/crear"
        emptyText="No hay clientas en espera con estos filtros"
      />
    </>
  );
}
