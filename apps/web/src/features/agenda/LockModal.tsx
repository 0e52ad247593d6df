import { useEffect } from 'react';
import { Checkbox, Col, Form, Row, Select, Switch } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  LOCK_DAY_LABELS,
  LOCK_REASONS,
  LOCK_TIMES,
  LOCK_TYPES,
  LOCK_TYPE_LABELS,
  lockBody,
  minutesOfDay,
  type LockBody,
  type LockRecord,
  type LockType,
  msg,
} from '@clinica/domain';
import { FormModal } from '../../shared/form/FormModal';
import { DateInput, LimitedTextArea } from '../../shared/form/inputs';
import { agendaKeys, saveLock } from './api';

export interface LockValues {
  reason?: LockBody['reason'];
  reasonDescription?: string;
  type?: LockType;
  times?: string[];
  from?: string;
  to?: string;
  date?: string | null;
  days?: number[];
  recurrent?: boolean;
  cabainId?: number;
}

const timeOptions = LOCK_TIMES.map((time) => ({ value: time, label: time }));
const required = (label: string) => ({ required: true, message: msg.required(label) });

/** A saved lock as the form's values. */
export function valuesOfLock(lock: LockRecord): LockValues {
  return {
    reason: lock.reason,
    reasonDescription: lock.reasonDescription,
    type: lock.type,
    times: lock.type === 'hour' ? lock.time : [],
    from: lock.type === 'hours_range' ? lock.time[0] : undefined,
    to: lock.type === 'hours_range' ? lock.time[1] : undefined,
    date: lock.date,
    days: lock.days,
    recurrent: lock.recurrent,
    cabainId: lock.cabainId,
  };
}

/** The form's values as the body of POST /lock/create (spec 002 §5, CONTRACT §13). */
export function lockBodyOf(values: LockValues, branchId: number) {
  const time =
    values.type === 'hour'
      ? (values.times ?? [])
      : values.type === 'hours_range'
        ? [values.from, values.to].filter((value): value is string => Boolean(value))
        : [];
  return lockBody.safeParse({
    reason: values.reason,
    reasonDescription: values.reasonDescription ?? '',
    type: values.type,
    time,
    date: values.recurrent ? null : (values.date ?? null),
    days: values.recurrent || values.type === 'days_range' ? (values.days ?? []) : [],
    cabainId: values.cabainId,
    recurrent: values.recurrent ?? false,
    branchId,
  });
}

function LockFields({
  cabins,
  initial,
}: {
  cabins: { id: number; name: string }[];
  initial?: LockValues;
}) {
  const form = Form.useFormInstance<LockValues>();
  const type = Form.useWatch('type', form);
  const recurrent = Form.useWatch('recurrent', form);
  const from = Form.useWatch('from', form);
  useEffect(() => {
    form.setFieldsValue({ recurrent: false, ...initial });
    // Once, when the modal opens.
  }, []);
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item name="type" label="Tipo" rules={[required('Tipo')]}>
          <Select
            placeholder="Elige el tipo"
            options={LOCK_TYPES.map((value) => ({ value, label: LOCK_TYPE_LABELS[value] }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="cabainId" label="Cabina" rules={[required('Cabina')]}>
          <Select
            placeholder="Elige la cabina"
            showSearch
            optionFilterProp="label"
            options={cabins.map((cabin) => ({ value: cabin.id, label: cabin.name }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="reason" label="Motivo" rules={[required('Motivo')]}>
          <Select
            placeholder="Elige el motivo"
            options={LOCK_REASONS.map((value) => ({
              value,
              label: value.charAt(0).toUpperCase() + value.slice(1),
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="recurrent" label="Recurrente" valuePropName="checked">
          <Switch checkedChildren="Sí" unCheckedChildren="No" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="reasonDescription" label="Descripción" rules={[required('Descripción')]}>
          <LimitedTextArea rows={2} max={500} />
        </Form.Item>
      </Col>
      {type === 'hour' && (
        <Col span={24}>
          <Form.Item name="times" label="Hora" rules={[required('Hora')]}>
            <Select mode="multiple" placeholder="Elige las horas" options={timeOptions} />
          </Form.Item>
        </Col>
      )}
      {type === 'hours_range' && (
        <>
          <Col xs={12}>
            <Form.Item name="from" label="Hora inicial" rules={[required('Hora inicial')]}>
              <Select placeholder="Desde" options={timeOptions} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item
              name="to"
              label="Hora final"
              dependencies={['from']}
              rules={[
                required('Hora final'),
                {
                  validator: async (_rule, value?: string) => {
                    if (value && from && minutesOfDay(value) <= minutesOfDay(from))
                      throw new Error('La hora final va después de la inicial');
                  },
                },
              ]}
            >
              <Select placeholder="Hasta" options={timeOptions} />
            </Form.Item>
          </Col>
        </>
      )}
      {!recurrent && (
        <Col xs={24} sm={12}>
          <Form.Item name="date" label="Fecha" rules={[required('Fecha')]}>
            <DateInput />
          </Form.Item>
        </Col>
      )}
      {(recurrent || type === 'days_range') && (
        <Col span={24}>
          <Form.Item name="days" label="Días" rules={[required('Días')]}>
            <Checkbox.Group options={LOCK_DAY_LABELS.map((label, value) => ({ value, label }))} />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}

/** Bloquear (spec 002 §2, §5): from the grid (cabin and time preloaded) or /dashboard/bloqueos. */
export function LockModal({
  open,
  onClose,
  branchId,
  cabins,
  initial,
  lock,
}: {
  initial?: LockValues;
  /** The lock being edited; none to create one. */
  lock?: LockRecord;
  open: boolean;
  onClose: () => void;
  branchId: number | null;
  cabins: { id: number; name: string }[];
}) {
  const queryClient = useQueryClient();
  return (
    <FormModal<LockValues>
      name="lock"
      title={lock ? 'Editar bloqueo' : 'Bloquear horario'}
      okText={lock ? 'Guardar' : 'Bloquear'}
      open={open}
      onClose={onClose}
      submit={async (values) => {
        const parsed = lockBodyOf(values, lock?.branchId ?? branchId ?? 0);
        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Datos inválidos');
        const answer = await saveLock(parsed.data, lock?.id ?? null);
        await queryClient.invalidateQueries({ queryKey: agendaKeys.locks });
        await queryClient.invalidateQueries({ queryKey: agendaKeys.all });
        return answer;
      }}
    >
      {() => <LockFields cabins={cabins} initial={lock ? valuesOfLock(lock) : initial} />}
    </FormModal>
  );
}
