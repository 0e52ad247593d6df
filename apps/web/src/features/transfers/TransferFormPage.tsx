import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { transferFormMode } from '@clinica/domain';
import { DocumentPart } from '../../shared/form/LotLines';
import { useRecordCrumb } from '../../shared/recordCrumb';
import { FormPage } from '../../shared/form/FormPage';
import { useRecordId } from '../../shared/form/useRecordId';
import { useAllBranchOptions, useBranchScope } from '../../shared/lookups';
import { PageHeader } from '../../shared/PageHeader';
import { useTransferActor } from './actor';
import {
  approveTransfer,
  confirmTransfer,
  createTransfer,
  fetchTransfer,
  folioOf,
  isDeleted,
  TRANSFERS,
  transferKeys,
  updateTransfer,
  useBranchLots,
  type LotChoice,
} from './api';
import { RejectButton } from './RejectButton';
import { ReviewLines } from './ReviewLines';
import { DraftFields, type Branch } from './DraftFields';
import { TransferDetail } from './TransferDetail';
import { TransferHeading } from './TransferHeading';
import { shortfall, toFormValues, transferFormSchema, type FormMode } from './transferForm';
import './transfers.css';

type Mode = FormMode | 'view';

/** The breadcrumb of a saved transfer names what the screen is for ('Editar' otherwise). */
const MODE_CRUMBS: Record<Mode, string | null> = {
  create: null,
  edit: null,
  approve: 'Revisar',
  confirm: 'Confirmar recepción',
  view: 'Detalle',
};
const SUBMIT_LABELS: Record<FormMode, string> = {
  create: 'Guardar',
  edit: 'Guardar',
  approve: 'Aprobar y enviar',
  confirm: 'Confirmar recepción',
};

/**
 * `/dashboard/transferencias/crear` and `/{id}` (spec 001 §2, §4–§6): one form that creates and
 * edits at the origin, reviews (quantities to send, or reject) for the approver, and confirms the
 * quantities received at the destination; read-only once closed or for whoever may not act.
 */
export function TransferFormPage() {
  const { editing, id } = useRecordId();
  const actor = useTransferActor();
  const scope = useBranchScope();
  // The same query FormPage makes (one request): the mode depends on the transfer.
  const loaded = useQuery({
    queryKey: transferKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchTransfer(id ?? 0, signal),
    enabled: editing && Number.isInteger(id) && (id ?? 0) > 0,
  });
  const record = loaded.data ?? null;
  const decision = record
    ? transferFormMode(actor, {
        status: record.status,
        originBranchId: record.originBranchId,
        destinyBranchId: record.destinyBranchId,
        deleted: isDeleted(record),
      })
    : null;
  const mode: Mode = !editing ? 'create' : (decision?.mode ?? 'view');
  useRecordCrumb(MODE_CRUMBS[mode]);

  const branchLookup = useAllBranchOptions();
  const branches = useMemo(() => {
    const list: Branch[] = (branchLookup.data ?? []).map(({ id: branchId, name }) => ({
      id: branchId,
      name,
    }));
    // The user's own branch and the transfer's stay choosable even if the lookup leaves them out.
    const known = [
      ...(scope.branchId ? [{ id: scope.branchId, name: scope.branchName }] : []),
      ...(record ? [record.originBranch, record.destinyBranch] : []),
    ];
    for (const branch of known) if (!list.some((b) => b.id === branch.id)) list.push(branch);
    return list;
  }, [branchLookup.data, scope.branchId, scope.branchName, record]);

  // What the origin's lots hold now: in review the transfer's origin, in a draft the chosen one
  // (reported by its fields). Unknown until read, and then the server alone checks.
  const reviewLots = useBranchLots(mode === 'approve' && record ? record.originBranchId : null);
  const lots = useRef<LotChoice[] | undefined>(undefined);
  const setLots = useCallback((next: LotChoice[] | undefined) => {
    lots.current = next;
  }, []);
  useEffect(() => {
    if (mode === 'approve') setLots(reviewLots.data);
  }, [mode, reviewLots.data, setLots]);
  const availableOf = useCallback(
    // Nothing chosen yet holds nothing to compare with: no message before a lot is chosen.
    (stockId: unknown) =>
      lots.current === undefined || stockId === null || stockId === undefined
        ? undefined
        : (lots.current.find((lot) => lot.stockId === stockId)?.quantity ?? 0),
    [],
  );
  const reviewAvailable = useCallback(
    (stockId: unknown) => reviewLots.data?.find((lot) => lot.stockId === stockId)?.quantity,
    [reviewLots.data],
  );

  // Read-only, the form holds no field: any mode's schema serves (nothing is ever submitted).
  const schema = useMemo(
    () => transferFormSchema(mode === 'view' ? 'approve' : mode, availableOf, record),
    [mode, availableOf, record],
  );
  const savedFolio = useRef<string>('');
  const lost = useRef(0);

  async function submit(output: { body: unknown }, transferId: number | null) {
    const body = output.body as never;
    const answer =
      transferId === null
        ? await createTransfer(body)
        : mode === 'approve'
          ? await approveTransfer(transferId, body)
          : mode === 'confirm'
            ? await confirmTransfer(transferId, body)
            : await updateTransfer(transferId, body);
    savedFolio.current = folioOf(answer.data);
    return answer;
  }

  const title = !editing
    ? 'Nueva transferencia'
    : record
      ? `Transferencia ${folioOf(record)}`
      : 'Transferencia';

  return (
    <>
      <PageHeader
        title={title}
        description="Productos de una sucursal a otra: el origen la crea, se aprueba con las cantidades a enviar y el destino confirma lo recibido."
      />
      <FormPage
        title="Transferencia"
        resource="transfers"
        editAction={mode === 'approve' ? 'approve' : 'edit'}
        listPath={TRANSFERS}
        schema={schema}
        load={{ queryKey: transferKeys.detail, fetch: fetchTransfer }}
        toValues={(transfer) => toFormValues(transfer, mode)}
        initialValues={{
          originBranchId: scope.branchId ?? undefined,
          comments: '',
          transferProducts: [{ stockedQuantity: 1 }],
        }}
        submit={submit}
        invalidates={[transferKeys.all, ['stock']]}
        lockedReason={() => (mode === 'view' ? (decision?.reason ?? null) : null)}
        heading={({ record: shown }) => shown && <TransferHeading transfer={shown} />}
        submitLabel={mode === 'view' ? undefined : SUBMIT_LABELS[mode]}
        confirmSave={(output) => {
          if (mode !== 'confirm' || !record) return null;
          const lines = (
            output as { body: { transferProducts: { id: number; receivedQuantity: number }[] } }
          ).body.transferProducts;
          lost.current = shortfall(record, lines);
          return {
            title: '¿Deseas confirmar esta orden?',
            content:
              lost.current > 0
                ? `Faltan ${lost.current} ${lost.current === 1 ? 'unidad' : 'unidades'} de lo enviado: quedarán como merma en tránsito y la transferencia se marcará con diferencia.`
                : 'Se recibe todo lo enviado; las unidades entran al inventario de tu sucursal.',
          };
        }}
        extraActions={() =>
          record && decision?.canReject ? <RejectButton transfer={record} /> : null
        }
        savedText={(_body, wasEditing) => {
          const folio = savedFolio.current;
          if (!wasEditing) return `Transferencia ${folio} creada`;
          if (mode === 'approve') return `Transferencia ${folio} aprobada: va en tránsito`;
          if (mode === 'confirm')
            return lost.current > 0
              ? `Transferencia ${folio} recibida con diferencia`
              : `Transferencia ${folio} recibida`;
          return `Transferencia ${folio} guardada`;
        }}
      >
        {(context) => {
          if (mode === 'view') return record ? <TransferDetail transfer={record} /> : null;
          if ((mode === 'approve' || mode === 'confirm') && record)
            return (
              <>
                <DocumentPart>
                  {mode === 'approve' ? 'Cantidades a enviar' : 'Cantidades recibidas'}
                </DocumentPart>
                <ReviewLines
                  mode={mode}
                  record={record}
                  schema={schema}
                  availableOf={reviewAvailable}
                />
              </>
            );
          return (
            <DraftFields
              schema={schema}
              context={context}
              branches={branches}
              fixedOrigin={scope.fixed}
              record={record}
              onLots={setLots}
            />
          );
        }}
      </FormPage>
    </>
  );
}
