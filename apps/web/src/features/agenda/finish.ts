import {
  finishIssues,
  productLimit,
  type AppointmentFinishBody,
  type AppointmentFinishForm,
  type FinishRules,
} from '@clinica/domain';
import type { FieldDetail } from '../../shared/api/client';

/**
 * The finish dialog's logic, apart from its screen: what the user has chosen, the rules of the
 * appointment's treatment, the problems of each field (the domain's `finishIssues`, the same the
 * server answers, plus what the form itself needs) and the body it sends.
 */

/** A product line of the dialog: a lot not yet chosen is `null`. */
export interface FinishLine {
  stockId: number | null;
  quantity: number | null;
}

export interface FinishValues {
  /** Shown only when the treatment asks for consent and it is not signed yet. */
  consent: boolean;
  attendedById: number | null;
  sessions: { areasIds: number[] }[];
  lines: FinishLine[];
}

/** Whether the consent switch comes first (spec 002 §4): asked by the treatment, not yet signed. */
export const needsConsent = (form: AppointmentFinishForm) =>
  Boolean(form.treatment?.consent) && !form.purchasedProduct?.consentSignedAt;

/** The treatment's rules for `finishIssues`, from what the dialog loaded. */
export function rulesOf(form: AppointmentFinishForm): FinishRules {
  return {
    sessionsLeft: form.purchasedProduct?.sessionsLeft ?? 0,
    areaIds: form.treatment?.areas.map((area) => area.id) ?? [],
    perSession: new Map(
      (form.treatment?.products ?? []).map((product) => [product.productId, product.perSession]),
    ),
    lotProduct: new Map(form.lots.map((lot) => [lot.stockId, lot.productId])),
  };
}

/** The values the dialog opens with: one session, the appointment's attendant when offered. */
export function initialValues(
  form: AppointmentFinishForm,
  attendedById: number | null,
): FinishValues {
  const offered = form.attendants.some((person) => person.id === attendedById);
  return {
    consent: false,
    attendedById: offered ? attendedById : null,
    sessions: (form.purchasedProduct?.sessionsLeft ?? 0) > 0 ? [{ areasIds: [] }] : [],
    lines: [],
  };
}

/** Each product the treatment consumes with how many units this finish may use of it. */
export function productLimits(form: AppointmentFinishForm, sessions: number) {
  return (form.treatment?.products ?? []).map((product) => ({
    ...product,
    limit: productLimit(product.perSession, Math.max(sessions, 1)),
  }));
}

/**
 * Every problem of the values, by field (`attendedById`, `sessions`, `sessions.N.areasIds`,
 * `stockIds.N.stockId`, `stockIds.N.quantity`, `consent`): the first message of each field.
 */
export function issuesOf(values: FinishValues, form: AppointmentFinishForm): Map<string, string> {
  const issues = new Map<string, string>();
  const add = (field: string, message: string) => {
    if (!issues.has(field)) issues.set(field, message);
  };
  if (needsConsent(form) && !values.consent)
    add('consent', 'El paciente debe firmar el consentimiento antes de terminar la cita');
  if (values.attendedById === null) add('attendedById', 'El campo Atiende es obligatorio');
  values.lines.forEach((line, index) => {
    if (line.stockId === null) add(`stockIds.${index}.stockId`, 'El campo Lote es obligatorio');
    if (line.quantity === null || line.quantity < 1)
      add(`stockIds.${index}.quantity`, 'El campo Cantidad es obligatorio');
    const lot = form.lots.find((choice) => choice.stockId === line.stockId);
    if (lot && line.quantity !== null && line.quantity > lot.quantity)
      add(
        `stockIds.${index}.quantity`,
        `El lote tiene ${lot.quantity} ${lot.quantity === 1 ? 'unidad' : 'unidades'}`,
      );
  });
  // The domain's rules read only the lines with a lot and a quantity.
  const chosen = values.lines.flatMap((line, index) =>
    line.stockId !== null && line.quantity !== null
      ? [{ index, lot: { stockId: line.stockId, quantity: line.quantity } }]
      : [],
  );
  for (const issue of finishIssues(
    values.sessions,
    chosen.map((entry) => entry.lot),
    rulesOf(form),
  )) {
    // finishIssues numbers the lots it was given; the dialog's lines may have gaps.
    const field = issue.field.replace(
      /^stockIds\.(\d+)\./,
      (_, position: string) => `stockIds.${chosen[Number(position)]!.index}.`,
    );
    add(field, issue.message);
  }
  return issues;
}

/** The body of PATCH /appointment/{id}/finish for values without problems. */
export function finishBody(
  values: FinishValues,
  form: AppointmentFinishForm,
): AppointmentFinishBody {
  return {
    status: 'finished',
    attendedById: values.attendedById,
    sessions: values.sessions.map((session) => ({ areasIds: session.areasIds })),
    stockIds: values.lines.map((line) => ({
      stockId: line.stockId ?? 0,
      quantity: line.quantity ?? 0,
    })),
    consent: needsConsent(form) ? values.consent : undefined,
  };
}

/**
 * The server's 400 details on the dialog's fields. Its `stockIds.N` are the lines as sent (all of
 * them), so they name the same lines; a detail of a whole line goes on its lot.
 */
export function fieldsOfDetails(details: readonly FieldDetail[]): Map<string, string> {
  const fields = new Map<string, string>();
  for (const detail of details) {
    let field = detail.field;
    if (/^stockIds\.\d+$/.test(field)) field = `${field}.stockId`;
    if (/^sessions\.\d+$/.test(field)) field = `${field}.areasIds`;
    if (!fields.has(field)) fields.set(field, detail.message);
  }
  return fields;
}
