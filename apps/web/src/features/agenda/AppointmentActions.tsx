import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Descriptions, Flex, Form, Modal, Radio, Select, Switch } from 'antd';
import {
  CloseCircleOutlined,
  DollarOutlined,
  EditOutlined,
  HistoryOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  APPOINTMENT_OPTION_LABELS,
  APPOINTMENT_STATUS_COLORS,
  APPOINTMENT_STATUS_LABELS,
  CANCELLATION_REASONS,
  CANCELLATION_REASON_LABELS,
  CANCELLATION_TYPES,
  CANCELLATION_TYPE_LABELS,
  CONFIRM_METHODS,
  CONFIRM_METHOD_LABELS,
  appointmentCancelBody,
  canCancel,
  canChangeStatus,
  isEditable,
  isOwnDay,
  statusChoices,
  type AppointmentCancelBody,
  type AppointmentRecord,
  type AppointmentStatus,
  type ConfirmMethod,
} from '@clinica/domain';
import { LimitedTextArea } from '../../shared/form/inputs';
import { ToneTag, type Tone } from '../../shared/Tone';
import { formatLocalDate } from '../../shared/format';
import { notifyError, notifySuccess } from '../../shared/notify';
import { usePrivileges } from '../../shared/session/hooks';
import { agendaKeys, cancelAppointment, confirmAppointment, setOnProcess } from './api';
import { useAgendaCan } from './can';
import { customerName, treatmentNames } from './grid';
import { AppointmentFinishSection } from './FinishRecord';
import { AppointmentReminders } from './AppointmentReminders';
import { useFinishActions } from './StatusChange';

/**
 * Why an appointment in process that gives no purchased product cannot be finished, and what to
 * do (spec 002 §4: only a purchased product's appointment is finished, advancing its sessions).
 */
export const CHARGED_FIRST =
  'Solo se termina la cita de un tratamiento ya pagado (un producto adquirido). Vende primero el tratamiento al paciente con «Cobrar»: la venta queda ligada a esta cita, que después se termina desde aquí.';

/**
 * 'Cobrar' (CONTRACT §12 "Charging an appointment"): a scheduled or in-process appointment of a
 * new treatment, not tied to a purchased product, opens the point of sale with its customer,
 * branch and treatment; the sale ties the purchased product to it, and then it can be finished.
 */
export function chargePath(a: AppointmentRecord): string | null {
  const treatment = a.treatments[0];
  if (a.purchasedProduct !== null || !treatment) return null;
  if (a.status !== 'scheduled' && a.status !== 'inProcess') return null;
  const query = new URLSearchParams({
    appointmentId: String(a.id),
    customerId: String(a.customer.id),
    branchId: String(a.branch.id),
    treatmentId: String(treatment.id),
    treatment: treatment.name,
  });
  return `/dashboard/ventas-en-sucursal/nueva?${query.toString()}`;
}

export { useAgendaCan };

/** The cancel dialog (spec 002 §4): type, reason, comment (required for Otro), customer's switch. */
export function CancelDialog({
  appointment,
  onClose,
}: {
  appointment: AppointmentRecord | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<AppointmentCancelBody>();
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const reason = Form.useWatch('cancellationReason', form);
  async function save() {
    if (!appointment) return;
    let values: AppointmentCancelBody;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const parsed = appointmentCancelBody.safeParse(values);
    if (!parsed.success) {
      form.setFields([{ name: 'comment', errors: ['El campo Comentario es obligatorio'] }]);
      return;
    }
    setSaving(true);
    try {
      const answer = await cancelAppointment(appointment.id, parsed.data);
      notifySuccess(answer.status, answer.code);
      await queryClient.invalidateQueries({ queryKey: agendaKeys.all });
      form.resetFields();
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal
      open={appointment !== null}
      title={appointment ? `Cancelar la cita ${appointment.appointmentNumber}` : 'Cancelar cita'}
      okText="Cancelar cita"
      cancelText="Volver"
      okButtonProps={{ danger: true, loading: saving }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      {appointment && appointment.changes >= 2 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="Este tratamiento ya se cambió o canceló dos veces: esta cancelación lo termina."
        />
      )}
      <Form
        // Checked in Spanish by the form's rules, never by the browser's own (English) bubbles.
        noValidate
        form={form}
        layout="vertical"
        name="cancel"
        initialValues={{ type: 'Cancellation', customerCancellation: false }}
      >
        <Form.Item
          name="type"
          label="Tipo"
          rules={[{ required: true, message: 'El campo Tipo es obligatorio' }]}
        >
          <Radio.Group
            options={CANCELLATION_TYPES.map((value) => ({
              value,
              label: CANCELLATION_TYPE_LABELS[value],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="cancellationReason"
          label="Motivo de cancelación"
          rules={[{ required: true, message: 'El campo Motivo de cancelación es obligatorio' }]}
        >
          <Select
            placeholder="Elige el motivo"
            options={CANCELLATION_REASONS.map((value) => ({
              value,
              label: CANCELLATION_REASON_LABELS[value],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="comment"
          label="Comentario"
          rules={[
            {
              required: reason === 'Other',
              message: 'El campo Comentario es obligatorio',
            },
            { max: 500, message: 'El campo Comentario admite hasta 500 caracteres' },
          ]}
        >
          <LimitedTextArea rows={3} max={500} />
        </Form.Item>
        <Form.Item
          name="customerCancellation"
          label="Cancelación del cliente"
          valuePropName="checked"
        >
          <Switch checkedChildren="Sí" unCheckedChildren="No" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * What can be done to an appointment (spec 002 §2 "popover": history, edit, change status,
 * cancel; §6: edit also confirms, delete cancels). A dialog rather than a hover popover, so the
 * keyboard reaches every action and focus returns to the grid's slot.
 */
export function AppointmentActions({
  appointment,
  today,
  now,
  onClose,
}: {
  appointment: AppointmentRecord | null;
  today: string;
  now: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const can = useAgendaCan();
  const { can: canDo } = usePrivileges();
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<AppointmentRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const finish = useFinishActions();

  const refresh = () => queryClient.invalidateQueries({ queryKey: agendaKeys.all });
  async function run(call: () => Promise<{ status: number; code: number }>) {
    setBusy(true);
    try {
      const answer = await call();
      notifySuccess(answer.status, answer.code);
      await refresh();
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  const a = appointment;
  const ownDay = a ? isOwnDay(a, today) : false;
  // In process without a purchased product: nothing paid to finish, so the control offers nothing.
  const chargedFirst = a !== null && a.status === 'inProcess' && a.purchasedProduct === null;
  const choices = a ? statusChoices(a.status, a.purchasedProduct !== null) : [];
  const statusOptions = choices
    .filter((status) => status !== a?.status)
    .map((status) => ({
      value: status,
      label: status === 'finished' ? 'Terminar' : APPOINTMENT_STATUS_LABELS[status],
    }));
  const changeStatus = (status: AppointmentStatus) => {
    if (!a) return;
    if (status === 'inProcess') void run(() => setOnProcess(a.id));
    if (status === 'absence') finish.confirmAbsence(a, onClose);
    if (status === 'finished') {
      finish.startFinish(a);
      onClose();
    }
    if (status === 'cancelled') {
      setCancelling(a);
      onClose();
    }
  };

  return (
    <>
      {a && (
        <Modal
          open
          title={`Cita ${a.appointmentNumber} · ${customerName(a.customer)}`}
          onCancel={onClose}
          footer={null}
          width={720}
        >
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Estatus">
              <ToneTag tone={APPOINTMENT_STATUS_COLORS[a.status] as Tone}>
                {APPOINTMENT_STATUS_LABELS[a.status]}
              </ToneTag>
            </Descriptions.Item>
            <Descriptions.Item label="Fecha">
              {formatLocalDate(a.date)} · {a.startTime.slice(0, 5)}–{a.endTime.slice(0, 5)}
            </Descriptions.Item>
            <Descriptions.Item label="Cabina">{a.cabain.name}</Descriptions.Item>
            <Descriptions.Item label="Tipo">{a.appointmentType}</Descriptions.Item>
            <Descriptions.Item label="Opción">
              {APPOINTMENT_OPTION_LABELS[a.appointmentOption]}
            </Descriptions.Item>
            <Descriptions.Item label="Tratamientos">{treatmentNames(a) || '—'}</Descriptions.Item>
            <Descriptions.Item label="Atiende">{a.attendedBy?.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Confirmación">
              {a.confirmMethod ? CONFIRM_METHOD_LABELS[a.confirmMethod] : 'Sin confirmar'}
            </Descriptions.Item>
          </Descriptions>
          <AppointmentFinishSection appointment={a} />
          <AppointmentReminders
            appointment={a}
            resendable={isEditable(a, { date: today, time: now })}
          />
          <Flex vertical gap={12} style={{ marginTop: 16 }}>
            {can('edit') && canChangeStatus(a.status) && (
              <Flex gap={8} align="center" wrap>
                <label htmlFor="appointment-confirm">Confirmación</label>
                <Select<ConfirmMethod>
                  id="appointment-confirm"
                  style={{ minWidth: 180 }}
                  value={a.confirmMethod ?? undefined}
                  placeholder="Elige"
                  disabled={busy}
                  options={CONFIRM_METHODS.map((value) => ({
                    value,
                    label: CONFIRM_METHOD_LABELS[value],
                  }))}
                  onChange={(value) => void run(() => confirmAppointment(a.id, value))}
                />
              </Flex>
            )}
            {can('edit') && canChangeStatus(a.status) && (
              <Flex gap={8} align="center" wrap>
                <label htmlFor="appointment-status">Cambiar estatus</label>
                <Select<AppointmentStatus>
                  id="appointment-status"
                  style={{ minWidth: 180 }}
                  placeholder="Elige"
                  value={null}
                  disabled={!ownDay || busy || statusOptions.length === 0}
                  options={statusOptions}
                  onChange={changeStatus}
                  suffixIcon={<PlayCircleOutlined />}
                  aria-describedby={chargedFirst ? 'appointment-status-why' : undefined}
                />
                {!ownDay && <span style={{ color: '#4b5563' }}>Solo el día de la cita.</span>}
              </Flex>
            )}
            {can('edit') && chargedFirst && (
              <Alert
                id="appointment-status-why"
                type="info"
                showIcon
                message="Esta cita no se puede terminar: se cobra primero."
                description={CHARGED_FIRST}
              />
            )}
            <Flex gap={8} wrap>
              {canDo('sales', 'create') && chargePath(a) && (
                <Button
                  type="primary"
                  icon={<DollarOutlined />}
                  onClick={() => navigate(chargePath(a)!)}
                >
                  Cobrar
                </Button>
              )}
              <Button
                icon={<HistoryOutlined />}
                onClick={() => navigate(`/dashboard/bitacora?appointmentId=${a.id}`)}
              >
                Historial
              </Button>
              {can('edit') && isEditable(a, { date: today, time: now }) && (
                <Button
                  icon={<EditOutlined />}
                  onClick={() => navigate(`/dashboard/agenda/${a.id}`)}
                >
                  Editar
                </Button>
              )}
              {can('delete') && canCancel(a.status) && (
                <Button
                  danger
                  icon={<CloseCircleOutlined />}
                  onClick={() => {
                    setCancelling(a);
                    onClose();
                  }}
                >
                  Cancelar cita
                </Button>
              )}
            </Flex>
          </Flex>
        </Modal>
      )}
      <CancelDialog appointment={cancelling} onClose={() => setCancelling(null)} />
      {finish.elements}
    </>
  );
}
