import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Form,
  InputNumber,
  Modal,
  Select,
  Skeleton,
  Switch,
  Typography,
} from 'antd';
import { DeleteOutlined, FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppointmentFinishForm, AppointmentRecord } from '@clinica/domain';
import { isApiError } from '../../shared/api/client';
import { formatLocalDate } from '../../shared/format';
import { notifyError, notifySuccess } from '../../shared/notify';
import { agendaKeys, fetchFinishForm, finishAppointment, openConsent } from './api';
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
import './finish.css';

/** The element each field's problem sends the focus to. */
const elementOf = (field: string) =>
  field === 'sessions'
    ? 'finish-add-session'
    : `finish-${field.replace(/^sessions\.(\d+)\.areasIds$/, 'session-$1').replace(/^stockIds\.(\d+)\.(stockId|quantity)$/, '$2-$1')}`;

const lotLabel = (lot: AppointmentFinishForm['lots'][number]) =>
  `${lot.product} · Lote ${lot.allotment || 'sin lote'} · ${
    lot.expiresIn ? `Cad. ${formatLocalDate(lot.expiresIn.slice(0, 10))}` : 'Sin caducidad'
  } · ${lot.quantity} disp.`;

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

type Change = (fields: string[], next: (current: FinishValues) => FinishValues) => void;
type MessageOf = (field: string) => string | undefined;

function SessionsBlock({
  form,
  values,
  change,
  messageOf,
  sessionsLeft,
}: {
  form: AppointmentFinishForm;
  values: FinishValues;
  change: Change;
  messageOf: MessageOf;
  sessionsLeft: number;
}) {
  const areas = form.treatment?.areas ?? [];
  const sessionsMessage = messageOf('sessions');
  return (
    <section aria-labelledby="finish-sessions-title" className="finish-block">
      <Typography.Title level={3} id="finish-sessions-title" style={{ fontSize: 15 }}>
        Sesiones (quedan {sessionsLeft})
      </Typography.Title>
      {areas.length === 0 && (
        <Typography.Paragraph type="secondary">El tratamiento no tiene áreas.</Typography.Paragraph>
      )}
      {values.sessions.map((session, index) => {
        const field = `sessions.${index}.areasIds`;
        const message = messageOf(field);
        return (
          <Flex key={index} gap={8} align="start">
            <Form.Item
              label={`Sesión ${index + 1}`}
              htmlFor={`finish-session-${index}`}
              required={areas.length > 0}
              validateStatus={message ? 'error' : undefined}
              help={message}
              style={{ flex: 1, minWidth: 0 }}
            >
              <Select<number[]>
                id={`finish-session-${index}`}
                mode="multiple"
                placeholder={areas.length > 0 ? 'Elige las áreas' : 'Sin áreas'}
                disabled={areas.length === 0}
                value={session.areasIds}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(areasIds) =>
                  change([field], (v) => ({
                    ...v,
                    sessions: v.sessions.map((s, i) => (i === index ? { areasIds } : s)),
                  }))
                }
                options={areas.map((area) => ({
                  value: area.id,
                  label: `${area.name} (${area.place})`,
                }))}
              />
            </Form.Item>
            <Button
              icon={<DeleteOutlined />}
              aria-label={`Quitar la sesión ${index + 1}`}
              disabled={values.sessions.length <= 1}
              style={{ marginTop: 30 }}
              onClick={() =>
                change(['sessions'], (v) => ({
                  ...v,
                  sessions: v.sessions.filter((_, i) => i !== index),
                }))
              }
            />
          </Flex>
        );
      })}
      <Button
        id="finish-add-session"
        icon={<PlusOutlined />}
        disabled={values.sessions.length >= sessionsLeft}
        aria-describedby={sessionsMessage ? 'finish-sessions-error' : undefined}
        onClick={() =>
          change(['sessions'], (v) => ({ ...v, sessions: [...v.sessions, { areasIds: [] }] }))
        }
      >
        Agregar sesión
      </Button>
      {sessionsMessage && (
        <div id="finish-sessions-error" role="alert" className="finish-error">
          {sessionsMessage}
        </div>
      )}
    </section>
  );
}

function ProductsBlock({
  form,
  values,
  change,
  messageOf,
  limits,
}: {
  form: AppointmentFinishForm;
  values: FinishValues;
  change: Change;
  messageOf: MessageOf;
  limits: ReturnType<typeof productLimits>;
}) {
  const setLine =
    (index: number, line: Partial<FinishValues['lines'][number]>) => (v: FinishValues) => ({
      ...v,
      lines: v.lines.map((l, i) => (i === index ? { ...l, ...line } : l)),
    });
  return (
    <section aria-labelledby="finish-products-title" className="finish-block">
      <Typography.Title level={3} id="finish-products-title" style={{ fontSize: 15 }}>
        Productos
      </Typography.Title>
      {limits.length === 0 ? (
        <Typography.Paragraph type="secondary">
          El tratamiento no consume productos.
        </Typography.Paragraph>
      ) : (
        <ul className="finish-limits" aria-label="Límite de cada producto">
          {limits.map((product) => (
            <li key={product.productId}>
              {product.name} ({product.sku}): hasta {product.limit}{' '}
              {product.limit === 1 ? 'unidad' : 'unidades'} ({product.perSession} por sesión)
            </li>
          ))}
        </ul>
      )}
      {limits.length > 0 && form.lots.length === 0 && (
        <Alert
          type="info"
          showIcon
          message="La sucursal no tiene lotes con existencia de estos productos."
        />
      )}
      {values.lines.map((line, index) => {
        const lotField = `stockIds.${index}.stockId`;
        const quantityField = `stockIds.${index}.quantity`;
        const lotMessage = messageOf(lotField);
        const quantityMessage = messageOf(quantityField);
        return (
          <Flex key={index} gap={8} align="start" wrap className="finish-line">
            <Form.Item
              label={`Lote ${index + 1}`}
              htmlFor={`finish-stockId-${index}`}
              required
              validateStatus={lotMessage ? 'error' : undefined}
              help={lotMessage}
              className="finish-line__lot"
            >
              <Select<number>
                id={`finish-stockId-${index}`}
                placeholder="Elige el lote"
                showSearch={{ optionFilterProp: 'label' }}
                value={line.stockId ?? undefined}
                onChange={(stockId) => change([lotField], setLine(index, { stockId }))}
                options={form.lots.map((lot) => ({ value: lot.stockId, label: lotLabel(lot) }))}
              />
            </Form.Item>
            <Form.Item
              label={`Cantidad ${index + 1}`}
              htmlFor={`finish-quantity-${index}`}
              required
              validateStatus={quantityMessage ? 'error' : undefined}
              help={quantityMessage}
              className="finish-line__quantity"
            >
              <InputNumber<number>
                id={`finish-quantity-${index}`}
                min={1}
                max={10_000}
                precision={0}
                style={{ width: '100%' }}
                value={line.quantity}
                onChange={(quantity) => change([quantityField], setLine(index, { quantity }))}
              />
            </Form.Item>
            <Button
              icon={<DeleteOutlined />}
              aria-label={`Quitar el producto ${index + 1}`}
              style={{ marginTop: 30 }}
              onClick={() =>
                change([lotField, quantityField], (v) => ({
                  ...v,
                  lines: v.lines.filter((_, i) => i !== index),
                }))
              }
            />
          </Flex>
        );
      })}
      {form.lots.length > 0 && (
        <Button
          icon={<PlusOutlined />}
          onClick={() =>
            change([], (v) => ({ ...v, lines: [...v.lines, { stockId: null, quantity: 1 }] }))
          }
        >
          Agregar producto
        </Button>
      )}
    </section>
  );
}

/** Opens the consent document (PDF) in a new tab. */
export function ConsentButton({
  consentId,
  appointmentId,
  label = 'Ver consentimiento',
}: {
  consentId: number;
  appointmentId: number;
  label?: string;
}) {
  const [opening, setOpening] = useState(false);
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={opening}
      onClick={() => {
        setOpening(true);
        openConsent(consentId, appointmentId)
          .catch(notifyError)
          .finally(() => setOpening(false));
      }}
    >
      {label}
    </Button>
  );
}
