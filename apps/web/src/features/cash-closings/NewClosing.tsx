import { useState } from 'react';
import { Alert, Button, DatePicker, Flex, InputNumber, Modal, Select, Skeleton } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { closingDifference, expectedCash } from '@clinica/domain';
import { dayjs, formatLocalDate, formatMoney, todayInBranch } from '../../shared/format';
import { LimitedTextArea } from '../../shared/form/inputs';
import { useBranchOptions, useBranchScope } from '../../shared/lookups';
import { notifySuccess } from '../../shared/notify';
import { closingKeys, createClosing, fetchPreview, type ClosingRecord } from './api';
import { ClosingDetail, Difference } from './ClosingDetail';
import { ClosingFigures, dollars } from './ClosingFigures';
import { ClosingPayments } from './ClosingPayments';
import { problemOf } from './problem';
import './closings.css';

/**
 * 'Nuevo corte' (CONTRACT §12, `cashClosing.create`): the day's preview of a branch (every figure
 * by method, dollars at their rate, refunds, counts, the payments behind them 5 a page), the cash
 * counted in pesos and dollars and a comment, the difference as it will be kept (counted −
 * expected, from the domain's own rule), then 'Cerrar el día'; the record and its PDF after.
 */
export function NewClosing({ open, onClose }: { open: boolean; onClose: () => void }) {
  const scope = useBranchScope();
  const branches = useBranchOptions(!scope.fixed && open);
  const queryClient = useQueryClient();
  const [branchId, setBranchId] = useState<number | null>(scope.fixed ? scope.branchId : null);
  const [date, setDate] = useState(todayInBranch());
  const [paging, setPaging] = useState({ page: 1, take: 5 });
  const [countedCash, setCountedCash] = useState<number | null>(null);
  const [countedCashDollars, setCountedCashDollars] = useState<number | null>(null);
  const [comments, setComments] = useState('');
  const [closed, setClosed] = useState<ClosingRecord | null>(null);

  const preview = useQuery({
    queryKey: closingKeys.preview(branchId, date, paging.page, paging.take),
    queryFn: ({ signal }) => fetchPreview({ branchId: branchId!, date, ...paging }, signal),
    enabled: open && branchId !== null && closed === null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const close = useMutation({
    mutationFn: createClosing,
    onSuccess: async (answer) => {
      notifySuccess(answer.status, answer.code);
      setClosed(answer.data);
      await queryClient.invalidateQueries({ queryKey: closingKeys.all });
    },
  });

  function dismiss() {
    setCountedCash(null);
    setCountedCashDollars(null);
    setComments('');
    setClosed(null);
    setPaging({ page: 1, take: 5 });
    close.reset();
    onClose();
  }
  const day = preview.data;
  const difference = day ? closingDifference(day, countedCash, countedCashDollars) : null;
  const record = closed ?? day?.record ?? null;
  const canClose = day !== undefined && !day.closed && closed === null;

  return (
    <Modal
      open={open}
      title={record ? `Corte de caja ${record.folio}` : 'Nuevo corte de caja'}
      width={1150}
      onCancel={dismiss}
      destroyOnHidden
      footer={
        <Flex gap={8} justify="flex-end">
          <Button onClick={dismiss}>{record ? 'Cerrar ventana' : 'Cancelar'}</Button>
          {canClose && (
            <Button
              type="primary"
              loading={close.isPending}
              onClick={() =>
                close.mutate({
                  branchId: branchId!,
                  // The day whose figures are on screen.
                  date: day!.date,
                  countedCash,
                  countedCashDollars,
                  comments: comments.trim() || null,
                })
              }
            >
              Cerrar el día
            </Button>
          )}
        </Flex>
      }
    >
      {record ? (
        <Flex vertical gap={12}>
          {!closed && (
            <Alert type="info" showIcon message="Este día ya tiene corte de caja: no cambia más." />
          )}
          <ClosingDetail record={record} />
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Flex gap={12} wrap>
            {!scope.fixed && (
              <Select<number>
                id="closing-branch"
                aria-label="Sucursal"
                style={{ minWidth: 220 }}
                placeholder="Sucursal"
                value={branchId ?? undefined}
                options={(branches.data ?? [])
                  .filter((branch) => !branch.distributionCenter)
                  .map((branch) => ({ value: branch.id, label: branch.name }))}
                onChange={(value) => {
                  setBranchId(value);
                  setPaging({ page: 1, take: paging.take });
                }}
              />
            )}
            <DatePicker
              id="closing-date"
              aria-label="Día a cerrar"
              format="DD-MM-YYYY"
              allowClear={false}
              value={dayjs(date, 'YYYY-MM-DD')}
              disabledDate={(value) => value.format('YYYY-MM-DD') > todayInBranch()}
              onChange={(next) => {
                if (!next) return;
                setDate(next.format('YYYY-MM-DD'));
                setPaging({ page: 1, take: paging.take });
              }}
            />
          </Flex>
          {branchId === null && (
            <Alert type="info" showIcon message="Elige la sucursal cuyo día vas a cerrar." />
          )}
          {preview.error && (
            <Alert type="error" showIcon role="alert" message={problemOf(preview.error)} />
          )}
          {branchId !== null && !day && !preview.error && <Skeleton active />}
          {day && (
            <>
              <Alert
                type="info"
                showIcon
                message={`${day.branch.name}, ${formatLocalDate(day.date)}: ${day.ordersCount} órdenes, ${day.cashOrdersCount} ventas de productos, ${day.refundsCount} devoluciones. Tipo de cambio ${day.exchangeRate.toFixed(4)}.`}
              />
              <ClosingFigures
                figures={day}
                products={day.products}
                caption={`Cifras del día ${formatLocalDate(day.date)}`}
              />
              <ClosingPayments
                payments={day.payments}
                loading={preview.isFetching}
                onPage={(page, take) => setPaging({ page: take === paging.take ? page : 1, take })}
              />
              <Flex gap={16} wrap align="flex-end">
                <label className="closing-field">
                  <span>Efectivo contado (MXN)</span>
                  <InputNumber
                    id="closing-counted-cash"
                    min={0}
                    precision={2}
                    style={{ width: 180 }}
                    placeholder={formatMoney(expectedCash(day))}
                    value={countedCash}
                    onChange={setCountedCash}
                  />
                </label>
                <label className="closing-field">
                  <span>Dólares contados (USD)</span>
                  <InputNumber
                    id="closing-counted-dollars"
                    min={0}
                    precision={2}
                    style={{ width: 180 }}
                    placeholder={dollars(day.cashTotalDollars)}
                    value={countedCashDollars}
                    onChange={setCountedCashDollars}
                  />
                </label>
                <label className="closing-field closing-field--wide">
                  <span>Comentarios</span>
                  <LimitedTextArea
                    id="closing-comments"
                    max={500}
                    autoSize={{ minRows: 1, maxRows: 4 }}
                    value={comments}
                    onChange={(event) => setComments(event.target.value)}
                  />
                </label>
              </Flex>
              <div
                className="closing-difference"
                role="status"
                aria-live="polite"
                aria-label="Diferencia del conteo"
              >
                <span>
                  Efectivo esperado {formatMoney(expectedCash(day))} · diferencia{' '}
                  <Difference value={difference?.difference ?? null} />
                </span>
                <span>
                  Dólares esperados {dollars(day.cashTotalDollars)} · diferencia{' '}
                  <Difference value={difference?.differenceDollars ?? null} inDollars />
                </span>
              </div>
              {close.error && (
                <Alert type="error" showIcon role="alert" message={problemOf(close.error)} />
              )}
            </>
          )}
        </Flex>
      )}
    </Modal>
  );
}
