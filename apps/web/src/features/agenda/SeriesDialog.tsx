import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Col, Form, Modal, Row, Select, Typography } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPOINTMENT_METHODS,
  SERIES_INTERVALS,
  type AppointmentMethod,
  type SeriesInterval,
} from '@clinica/domain';
import { isApiError } from '../../shared/api/client';
import { DateInput } from '../../shared/form/inputs';
import { notifySuccessText } from '../../shared/notify';
import { agendaKeys, createSeries, fetchSeriesPreview } from './api';
import { editRow, notReady, rowsOf, sessionsOf, withRefusals, type SeriesRow } from './series-rows';
import { SeriesTable } from './SeriesTable';
import type { AppointmentFormModel } from './useAppointmentForm';

/**
 * "Agendar serie" (CONTRACT §15): on a new appointment of a purchased treatment with sessions
 * left, the remaining sessions proposed one every 15–90 days from the form's day and time, as a
 * table whose days, times and cabins may be changed (a moved or unavailable session says why),
 * then booked at once: all or none, a refusal shown on the session it names.
 */
export function SeriesAction({ model }: { model: AppointmentFormModel }) {
  const [open, setOpen] = useState(false);
  const held = model.held;
  if (model.option !== 'purchasedProducts' || !held || held.currentSession >= held.sessions)
    return null;
  return (
    <>
      <Button icon={<CalendarOutlined />} onClick={() => setOpen(true)}>
        Agendar serie
      </Button>
      {open && <SeriesDialog model={model} onClose={() => setOpen(false)} />}
    </>
  );
}

const seriesKey = (query: object) => ['appointment', 'series-preview', query] as const;

function SeriesDialog({ model, onClose }: { model: AppointmentFormModel; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // What the form already says: the first session's day and time, the cabin, who attends.
  const [values] = useState(() => model.form.getFieldsValue(true) as Record<string, unknown>);
  const branchId = model.scope.fixed ? model.scope.branchId : (values.branchId as number);
  const [date, setDate] = useState((values.date as string | undefined) ?? model.now.date);
  const [startTime, setStartTime] = useState((values.startTime as string | undefined) ?? null);
  const [intervalDays, setIntervalDays] = useState<SeriesInterval>(30);
  const [method, setMethod] = useState(
    (values.appointmentMethod as AppointmentMethod | undefined) ?? null,
  );
  const [rows, setRows] = useState<SeriesRow[]>([]);
  const query = {
    purchasedProductId: model.held!.id,
    branchId: branchId!,
    date,
    startTime: startTime ?? '',
    intervalDays,
    ...(values.cabainId ? { cabainId: values.cabainId as number } : {}),
  };
  const preview = useQuery({
    queryKey: seriesKey(query),
    queryFn: ({ signal }) => fetchSeriesPreview(query, signal),
    enabled: Boolean(branchId && date && startTime),
    staleTime: 0,
    retry: false,
  });
  useEffect(() => {
    if (preview.data) setRows(rowsOf(preview.data));
  }, [preview.data]);

  const booking = useMutation({
    mutationFn: () =>
      createSeries({
        purchasedProductId: model.held!.id,
        branchId: branchId!,
        intervalDays,
        appointmentMethod: method!,
        attendedById: (values.attendedById as number | null | undefined) ?? null,
        observations: (values.observations as string | undefined) || null,
        sessions: sessionsOf(rows),
      }),
    onSuccess: async (answer) => {
      const { items } = answer.data;
      await queryClient.invalidateQueries({ queryKey: agendaKeys.all });
      notifySuccessText(`Se agendaron ${items.length} sesiones de la serie.`);
      navigate(`/dashboard/agenda?date=${items[0]!.date}&branchId=${branchId}`);
    },
    onError: (error) => {
      if (isApiError(error)) setRows((current) => withRefusals(current, error.details));
    },
  });

  const change = (session: number, patch: Parameters<typeof editRow>[1]) =>
    setRows((current) =>
      current.map((row) => (row.session === session ? editRow(row, patch) : row)),
    );
  const toggle = (session: number, include: boolean) =>
    setRows((current) =>
      current.map((row) => (row.session === session ? { ...row, include } : row)),
    );
  const blocker = method ? notReady(rows) : 'Elige el método de cita.';
  const count = sessionsOf(rows).length;
  const cabins = (model.info?.cabins ?? []).map((cabin) => ({
    value: cabin.id,
    label: cabin.name,
  }));
  const times = model.times.map((time) => ({ value: time, label: time }));

  return (
    <Modal
      open
      title="Agendar serie de sesiones"
      onCancel={onClose}
      width={920}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancelar
        </Button>,
        <Button
          key="book"
          type="primary"
          loading={booking.isPending}
          disabled={blocker !== null || preview.isFetching}
          onClick={() => booking.mutate()}
        >
          {count === 1 ? 'Agendar 1 sesión' : `Agendar ${count} sesiones`}
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        {model.held!.treatment.name}: {model.held!.currentSession} de {model.held!.sessions}{' '}
        sesiones dadas. Cada sesión pasa por las mismas reglas que una cita; si una no se puede
        agendar, no se agenda ninguna.
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          <Col xs={12} md={6}>
            <Form.Item label="Primera sesión" htmlFor="series-date">
              <DateInput
                id="series-date"
                value={date}
                notBefore={model.now.date}
                onChange={(next) => next && setDate(next)}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item label="Hora de inicio" htmlFor="series-start">
              <Select
                id="series-start"
                value={startTime}
                options={times}
                onChange={setStartTime}
                placeholder="HH:mm"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Intervalo" htmlFor="series-interval">
              <Select
                id="series-interval"
                value={intervalDays}
                onChange={setIntervalDays}
                options={SERIES_INTERVALS.map((days) => ({
                  value: days,
                  label: `Cada ${days} días`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={7}>
            <Form.Item label="Método de cita" htmlFor="series-method">
              <Select
                id="series-method"
                value={method}
                onChange={setMethod}
                placeholder="Elige el método"
                options={APPOINTMENT_METHODS.map((value) => ({ value, label: value }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {preview.isError && (
        <Alert
          type="warning"
          showIcon
          title="No se pudo proponer la serie"
          description={preview.error.message}
          style={{ marginBottom: 12 }}
        />
      )}
      {booking.isError && (
        <Alert
          type="error"
          showIcon
          title="No se agendó la serie: ninguna sesión quedó agendada"
          description={
            isApiError(booking.error) && booking.error.details.length > 0
              ? booking.error.details.map((detail) => (
                  <div key={detail.field}>{detail.message}</div>
                ))
              : booking.error.message
          }
          style={{ marginBottom: 12 }}
        />
      )}
      <SeriesTable
        rows={rows}
        times={times}
        cabins={cabins}
        notBefore={model.now.date}
        loading={preview.isFetching}
        emptyText={startTime ? 'Sin sesiones' : 'Elige la hora de inicio'}
        onChange={change}
        onToggle={toggle}
      />
      {blocker && rows.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {blocker}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
