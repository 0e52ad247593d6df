import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Grid,
  Modal,
  Skeleton,
  Steps,
  type FormInstance,
} from 'antd';
import { ArrowLeftOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Action, Resource } from '@clinica/domain';
import { isApiError, type ApiResult, type FieldDetail } from '../api/client';
import { notifyError, notifySuccess, notifySuccessText } from '../notify';
import { usePrivileges } from '../session/hooks';
import { LinkButton } from '../LinkButton';
import { applyServerDetails, pathOfDetail, type FieldPath } from './zodRules';
import { useRecordId } from './useRecordId';

export interface FormStep {
  title: string;
  /** The fields checked before going on to the next step. */
  fields: (string | FieldPath)[];
  content: ReactNode;
}

export interface FormPageContext<TRecord> {
  record: TRecord | null;
  editing: boolean;
  readOnly: boolean;
}

export interface FormPageProps<Schema extends z.ZodType, TRecord> {
  /** What the form edits, singular: 'Rol', 'Cabina'. */
  title: string;
  /** Whose privilege saves it; with several, any one of them does (the API's `either`). */
  resource: Resource | Resource[];
  /** The privilege a saved record's form needs (default `edit`; a review needs `approve`). */
  editAction?: Action;
  /** Where the form returns after a save (spec 000 §4). */
  listPath: string;
  /** The request body's schema, shared with the server. */
  schema: Schema;
  /** Loads the record of `/{id}`. */
  load?: {
    queryKey: (id: number) => QueryKey;
    fetch: (id: number, signal?: AbortSignal) => Promise<TRecord>;
  };
  toValues?: (record: TRecord) => object;
  initialValues?: object;
  /** The call; `values` are the form's raw values, for what travels apart (a chosen photo). */
  submit: (
    body: z.output<Schema>,
    id: number | null,
    values: Record<string, unknown>,
  ) => Promise<ApiResult<unknown>>;
  /** Query keys whose data the save changes (the list, the record). */
  invalidates: QueryKey[];
  steps?: FormStep[];
  children?: ReactNode | ((context: FormPageContext<TRecord>) => ReactNode);
  /** Shown above the form, for a record's summary. */
  heading?: (context: FormPageContext<TRecord>) => ReactNode;
  submitLabel?: string;
  /** Buttons beside the submit, for a decision other than saving (a product's 'Rechazar'). */
  extraActions?: (context: FormPageContext<TRecord>) => ReactNode;
  /** What the success notice says instead of the catalogue's message (what happens next). */
  savedText?: (body: z.output<Schema>, editing: boolean) => string | null;
  /** A question answered before the call ('¿Deseas confirmar esta orden?'); null asks none. */
  confirmSave?: (body: z.output<Schema>) => { title: string; content?: ReactNode } | null;
  /** Why this record cannot be changed by anybody, when it cannot (the form is then read-only). */
  lockedReason?: (record: TRecord) => string | null;
  /** The form's name: its fields' ids are `{name}_{field}`. */
  name?: string;
  /** The page's own form instance, when the page reads its values as they change. */
  form?: FormInstance;
  /** The raw values as the request body's schema reads them (fields the form hides, defaults). */
  toBody?: (values: Record<string, unknown>) => unknown;
  /** Where a save leads, when not back to the list (the agenda on the saved day). */
  afterSave?: (body: z.output<Schema>) => string;
  /** A refusal shows on the form under this title, with the server's message (not only a notice). */
  refusedTitle?: (editing: boolean) => string;
  /** The save stays disabled while the page says why (a customer who may not book this). */
  submitDisabled?: boolean;
  /** The back button's text (default 'Volver a la lista'). */
  backLabel?: string;
}

/** One path starts the other: `kardex.contacts` and `kardex.contacts.0.name` are one field's. */
function related(a: FieldPath, b: FieldPath): boolean {
  const length = Math.min(a.length, b.length);
  return (
    length > 0 && a.slice(0, length).every((segment, index) => String(segment) === String(b[index]))
  );
}

function stepOfField(steps: FormStep[], field: FieldPath): number {
  return steps.findIndex((step) =>
    step.fields.some((candidate) =>
      related(Array.isArray(candidate) ? candidate : [candidate], field),
    ),
  );
}

/**
 * The form page block (STYLE): `/crear` and `/{id}` on one component. It loads the record on
 * edit, validates with the shared schema, returns to the list on 200 or 201, and on failure stays
 * open with each server `details` message on its field.
 */
export function FormPage<Schema extends z.ZodType, TRecord>(props: FormPageProps<Schema, TRecord>) {
  const { title, resource, listPath, schema, load, steps, submit } = props;
  const { editing, id, invalid: invalidId } = useRecordId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = usePrivileges();
  const [ownForm] = Form.useForm();
  const form = props.form ?? ownForm;
  const [modal, modalHolder] = Modal.useModal();
  const screens = Grid.useBreakpoint();
  const [saving, setSaving] = useState(false);
  const [current, setCurrent] = useState(0);
  const [unplaced, setUnplaced] = useState<FieldDetail[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const stepsRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(current);
  const refusalRef = useRef<HTMLDivElement>(null);

  // A refusal is said at the top of the form: bring it into view where the user saved below.
  useEffect(() => {
    if (refusal) refusalRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [refusal]);

  useEffect(() => {
    // Keyboard users land on the first field of the step they moved to.
    if (shownStep.current === current) return;
    shownStep.current = current;
    stepsRef.current
      ?.querySelector<HTMLElement>(
        `[data-step="${current}"] :is(input, textarea, button):not([disabled]):not([tabindex="-1"])`,
      )
      ?.focus();
  }, [current]);

  const record = useQuery({
    queryKey: load && id !== null ? load.queryKey(id) : ['form-page', 'no-record'],
    queryFn: ({ signal }) => (load && id !== null ? load.fetch(id, signal) : null),
    enabled: Boolean(load) && id !== null && !invalidId,
  });

  const loaded = (record.data ?? null) as TRecord | null;
  const locked = loaded && props.lockedReason ? props.lockedReason(loaded) : null;
  const action = editing ? (props.editAction ?? 'edit') : 'create';
  const allowed = (Array.isArray(resource) ? resource : [resource]).some((one) => can(one, action));
  const readOnly = !allowed || locked !== null;
  const context: FormPageContext<TRecord> = { record: loaded, editing, readOnly };

  async function save() {
    setUnplaced([]);
    setRefusal(null);
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const parsed = await schema.safeParseAsync(props.toBody ? props.toBody(values) : values);
    if (!parsed.success) {
      const details = parsed.error.issues.map((issue) => ({
        field: issue.path.join('.'),
        message: issue.message,
      }));
      showDetails(details);
      return;
    }
    const question = props.confirmSave?.(parsed.data) ?? null;
    if (
      question &&
      !(await modal.confirm({
        title: question.title,
        content: question.content,
        okText: 'Confirmar',
        cancelText: 'Cancelar',
      }))
    )
      return;
    setSaving(true);
    try {
      const answer = await submit(parsed.data, id, values);
      if (answer.status === 200 || answer.status === 201) {
        const text = props.savedText?.(parsed.data, editing) ?? null;
        if (text) notifySuccessText(text);
        else notifySuccess(answer.status, answer.code);
        await Promise.all(
          props.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        );
        navigate(props.afterSave?.(parsed.data) ?? listPath);
        return;
      }
    } catch (error) {
      if (props.refusedTitle)
        setRefusal(isApiError(error) ? error.message : 'No se pudo guardar. Inténtalo de nuevo.');
      else notifyError(error);
      if (isApiError(error)) showDetails(error.details);
    }
    setSaving(false);
  }

  function showDetails(details: FieldDetail[]) {
    setUnplaced(applyServerDetails(form, details));
    goToFirstStepOf(details.map((detail) => pathOfDetail(detail.field)));
  }

  /** The first step holding an error is where the user goes to fix it. */
  function goToFirstStepOf(fields: FieldPath[]) {
    if (!steps) return;
    const holding = fields.map((field) => stepOfField(steps, field)).filter((step) => step >= 0);
    if (holding.length > 0) setCurrent(Math.min(...holding));
  }

  async function next() {
    const step = steps?.[current];
    if (!step) return;
    try {
      await form.validateFields(step.fields);
      setCurrent(current + 1);
    } catch {
      // The step's fields show their messages.
    }
  }

  const back = (
    <LinkButton to={listPath} icon={<ArrowLeftOutlined />}>
      {props.backLabel ?? 'Volver a la lista'}
    </LinkButton>
  );

  // A record that could not be read (the network, the server) is not a missing one: try again.
  if (!invalidId && record.isError && !(isApiError(record.error) && record.error.status === 404)) {
    return (
      <Card>
        <Alert
          type="warning"
          showIcon
          title={`No se pudo cargar el registro de ${title.toLowerCase()}`}
          description="Revisa tu conexión e inténtalo de nuevo."
          action={
            <Flex wrap gap={8}>
              <Button icon={<ReloadOutlined />} onClick={() => void record.refetch()}>
                Reintentar
              </Button>
              {back}
            </Flex>
          }
        />
      </Card>
    );
  }

  if (invalidId || record.isError) {
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          title={`No se encontró el registro de ${title.toLowerCase()}`}
          action={back}
        />
      </Card>
    );
  }

  if (editing && load && record.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  const values =
    context.record && props.toValues ? props.toValues(context.record) : props.initialValues;
  const body = typeof props.children === 'function' ? props.children(context) : props.children;
  const lastStep = !steps || current === steps.length - 1;
  // Editing a whole record, any step may be opened and the file saved from any of them: the
  // schema (and the server) check every step on save, and lead to the first one with an error.
  const savesHere = lastStep || editing;

  return (
    <Card>
      {modalHolder}
      {props.heading?.(context)}
      {readOnly && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Solo lectura"
          description={
            locked ?? `Tu rol no tiene permiso para ${editing ? 'editar' : 'crear'} este registro.`
          }
        />
      )}
      {refusal && props.refusedTitle && (
        <div ref={refusalRef} style={{ scrollMarginTop: 80 }}>
          <Alert
            type="error"
            showIcon
            role="alert"
            style={{ marginBottom: 16 }}
            title={props.refusedTitle(editing)}
            description={refusal}
          />
        </div>
      )}
      {unplaced.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title="Revisa la información"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {unplaced.map((detail) => (
                <li key={`${detail.field}:${detail.message}`}>{detail.message}</li>
              ))}
            </ul>
          }
        />
      )}
      <Form
        // Checked in Spanish by the form's rules, never by the browser's own (English) bubbles.
        noValidate
        key={id ?? 'crear'}
        name={props.name}
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={values}
        onFinish={() => void save()}
        onFinishFailed={({ errorFields }) =>
          goToFirstStepOf(errorFields.map((field) => field.name))
        }
        onSubmitCapture={(event) => {
          // Enter before the last step of a new record goes on to the next step, checking only this one.
          if (savesHere) return;
          event.preventDefault();
          event.stopPropagation();
          void next();
        }}
        scrollToFirstError
      >
        {steps && (
          <Steps
            current={current}
            // On a tablet seven titles beside their numbers break letter by letter: each goes
            // under its number. (Below 576 px antd stacks the steps.)
            labelPlacement={screens.lg === false ? 'vertical' : 'horizontal'}
            size={screens.lg === false ? 'small' : 'default'}
            onChange={(step) => (editing || step < current) && setCurrent(step)}
            items={steps.map((step) => ({ title: step.title }))}
            style={{ marginBottom: 24 }}
          />
        )}
        <div ref={stepsRef}>
          {steps?.map((step, index) => (
            <div key={step.title} hidden={index !== current} data-step={index}>
              {step.content}
            </div>
          ))}
        </div>
        {body}
        <Flex justify="space-between" wrap gap={8} style={{ marginTop: 24 }}>
          {back}
          <Flex wrap gap={8} justify="flex-end" style={{ marginInlineStart: 'auto' }}>
            {steps && current > 0 && (
              <Button onClick={() => setCurrent(current - 1)} disabled={saving}>
                Atrás
              </Button>
            )}
            {!lastStep && (
              <Button type={editing ? 'default' : 'primary'} onClick={() => void next()}>
                Siguiente
              </Button>
            )}
            {savesHere && !readOnly && props.extraActions?.(context)}
            {savesHere && !readOnly && (
              <Button
                type="primary"
                htmlType="submit"
                icon={<SaveOutlined />}
                loading={saving}
                disabled={saving || props.submitDisabled}
              >
                {props.submitLabel ?? 'Guardar'}
              </Button>
            )}
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}
