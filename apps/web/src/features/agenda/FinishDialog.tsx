import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Descriptions, Flex, Form, Modal, Select, Skeleton, Switch } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppointmentFinishForm, AppointmentRecord } from '@clinica/domain';
import { isApiError } from '../../shared/api/client';
import { formatLocalDate } from '../../shared/format';
import { notifyError, notifySuccess } from '../../shared/notify';
import { agendaKeys, fetchFinishForm, finishAppointment } from './api';
import {
  fieldsOfDetails,
  finishBody,
  initialValues,
  issuesOf,
  needsConsent,
  productLimits,
  type FinishValues,
} from './finish';
import { customerName } from './grid';
import { ConsentButton } from '../../shared/consent/ConsentButton';
import { ProductsBlock, SessionsBlock } from './FinishBlocks';
import './finish.css';

/** The element each field's problem sends the focus to. */
const elementOf = (field: string) =>
  field === 'sessions'
    ? 'finish-add-session'
    : `finish-${field.replace(/^sessions\.(\d+)\.areasIds$/, 'session-$1').replace(/^stockIds\.(\d+)\.(stockId|quantity)$/, '$2-$1')}`;

/**
 * Terminar una cita (spec 002 §4, CONTRACT §13): the consent first when the treatment asks for
 * it, then who attended, the sessions given with their areas and the lots used, each problem
 * under its field as the user types (the domain's `finishIssues`, the server's own rules).
 */
export function FinishDialog({
  appointment,
  onClose,
}: {
  appointment: AppointmentRecord | null;
  onClose: () => void;
}) {
  const form = useQuery({
    queryKey: agendaKeys.finishForm(appointment?.id ?? 0),
    queryFn: ({ signal }) => fetchFinishForm(appointment!.id, signal),
    enabled: appointment !== null,
    staleTime: 0,
  });
  return (
    <Modal
      open={appointment !== null}
      title={appointment ? `Terminar la cita ${appointment.appointmentNumber}` : 'Terminar cita'}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      {appointment && form.isError && (
        <Alert
          type="error"
          showIcon
          message="No se pudo cargar lo necesario para terminar la cita."
        />
      )}
      {appointment && !form.data && !form.isError && (
        <div role="status" aria-label="Cargando">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      )}
      {appointment && form.data && (
        <FinishFields appointment={appointment} form={form.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function FinishFields({
  appointment,
  form,
  onClose,
}: {
  appointment: AppointmentRecord;
  form: AppointmentFinishForm;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FinishValues>(() =>
    initialValues(form, appointment.attendedBy?.id ?? null),
  );
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Map<string, string>>(new Map());
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const issues = useMemo(() => issuesOf(values, form), [values, form]);
  const consentFirst = needsConsent(form);
  const open = !consentFirst || values.consent;
  const sessionsLeft = form.purchasedProduct?.sessionsLeft ?? 0;
  const finishable = form.purchasedProduct !== null && form.treatment !== null && sessionsLeft > 0;
  const limits = productLimits(form, values.sessions.length);

  // The focus goes to the first field when the form has loaded (the dialog's first control).
  useEffect(() => {
    document.getElementById(consentFirst ? 'finish-consent' : 'finish-attendedById')?.focus();
  }, [consentFirst]);

  function change(fields: string[], next: (current: FinishValues) => FinishValues) {
    setValues(next);
    setTouched((current) => new Set([...current, ...fields]));
    setServer((current) => {
      const left = new Map(current);
      for (const field of fields) left.delete(field);
      return left;
    });
    setRefusal(null);
  }
  const messageOf = (field: string) =>
    server.get(field) ?? (submitted || touched.has(field) ? issues.get(field) : undefined);
  const status = (field: string) => (messageOf(field) ? ('error' as const) : undefined);

  async function save() {
    setSubmitted(true);
    const first = [...issues.keys()][0];
    if (first) {
      document.getElementById(elementOf(first))?.focus();
      return;
    }
    setSaving(true);
    try {
      const answer = await finishAppointment(appointment.id, finishBody(values, form));
      notifySuccess(answer.status, answer.code);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: agendaKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['stock'] }),
      ]);
      onClose();
    } catch (error) {
      if (!isApiError(error)) {
        notifyError(error);
        return;
      }
      const fields = fieldsOfDetails(error.details);
      // A lot short (422 code 1) names its line; without details every quantity is suspect.
      if (error.status === 422 && fields.size === 0)
        values.lines.forEach((_, index) => fields.set(`stockIds.${index}.quantity`, error.message));
      setServer(fields);
      if (fields.size === 0) setRefusal(error.message);
      else document.getElementById(elementOf([...fields.keys()][0]!))?.focus();
    } finally {
      setSaving(false);
    }
  }

  const pp = form.purchasedProduct;
  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'customer', label: 'Paciente', children: customerName(appointment.customer) },
          { key: 'treatment', label: 'Tratamiento', children: form.treatment?.name ?? '—' },
          {
            key: 'session',
            label: 'Sesiones',
            children: pp
              ? `${pp.currentSession} de ${pp.sessions} dadas · quedan ${pp.sessionsLeft}`
              : '—',
          },
          {
            key: 'date',
            label: 'Fecha',
            children: `${formatLocalDate(appointment.date)} · ${appointment.startTime.slice(0, 5)}`,
          },
        ]}
      />
      {!finishable && (
        <Alert
          type="warning"
          showIcon
          message={
            form.purchasedProduct === null || form.treatment === null
              ? 'Esta cita no es de un producto adquirido: no se puede terminar.'
              : 'El producto adquirido ya no tiene sesiones por dar.'
          }
        />
      )}
      {refusal && <Alert type="error" showIcon role="alert" message={refusal} />}
      {finishable && (
        <Form layout="vertical" component="div" requiredMark>
          {consentFirst && (
            <Form.Item
              label="Consentimiento"
              htmlFor="finish-consent"
              validateStatus={status('consent')}
              help={messageOf('consent')}
            >
              <Flex gap={12} align="center" wrap>
                <Switch
                  id="finish-consent"
                  checked={values.consent}
                  onChange={(consent) => change(['consent'], (v) => ({ ...v, consent }))}
                  aria-describedby="finish-consent-text"
                />
                <span id="finish-consent-text">El paciente firmó el consentimiento</span>
                {form.treatment?.consentDocument && (
                  <ConsentButton
                    consentId={form.treatment.consentDocument.id}
                    appointmentId={appointment.id}
                  />
                )}
              </Flex>
            </Form.Item>
          )}
          {open && (
            <>
              <Form.Item
                label="Atiende"
                htmlFor="finish-attendedById"
                required
                validateStatus={status('attendedById')}
                help={messageOf('attendedById')}
              >
                <Select<number>
                  id="finish-attendedById"
                  placeholder="Elige quién atendió"
                  showSearch={{ optionFilterProp: 'label' }}
                  value={values.attendedById ?? undefined}
                  onChange={(attendedById) =>
                    change(['attendedById'], (v) => ({ ...v, attendedById }))
                  }
                  options={form.attendants.map((person) => ({
                    value: person.id,
                    label: person.name,
                  }))}
                />
              </Form.Item>
              <SessionsBlock
                form={form}
                values={values}
                change={change}
                messageOf={messageOf}
                sessionsLeft={sessionsLeft}
              />
              <ProductsBlock
                form={form}
                values={values}
                change={change}
                messageOf={messageOf}
                limits={limits}
              />
            </>
          )}
        </Form>
      )}
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose}>Volver</Button>
        <Button
          type="primary"
          loading={saving}
          disabled={!finishable || !open}
          onClick={() => void save()}
        >
          Terminar cita
        </Button>
      </Flex>
    </Flex>
  );
}
