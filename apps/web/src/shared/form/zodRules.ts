import type { FormInstance } from 'antd';
import type { z } from 'zod';
import type { FieldDetail } from '../api/client';

/**
 * Form validation with the domain's zod schemas (STYLE: never a second copy of the rules).
 * Each field's antd rule validates the whole form with the schema and reports the issues whose
 * path is that field, so rules across fields (confirmations) work as on the server.
 */

export type FieldPath = (string | number)[];

export function toPath(name: string | number | FieldPath): FieldPath {
  return Array.isArray(name) ? name : [name];
}

/** `kardex.phones.0.phone` or `kardex.phones[0].phone` → `['kardex', 'phones', 0, 'phone']`. */
export function pathOfDetail(field: string): FieldPath {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((segment) => segment !== '')
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

function samePath(a: readonly PropertyKey[], b: FieldPath): boolean {
  return a.length === b.length && a.every((segment, index) => String(segment) === String(b[index]));
}

type RuleForm = Pick<FormInstance, 'getFieldsValue'>;

/** A field shown under another label than its schema's: its messages name what the user sees. */
export interface Relabel {
  /** The label the schema's messages use ('Impuesto'). */
  from: string;
  /** The label on screen ('IVA de la factura'). */
  to: string;
}

/** A message with the schema's label replaced by the one on screen. */
export function relabelMessage(message: string, relabel?: Relabel): string {
  if (!relabel || relabel.from === relabel.to) return message;
  return message.split(relabel.from).join(relabel.to);
}

/** An antd `rules` entry that checks one field with the form's schema. */
export function zodRule(schema: z.ZodType, name: string | number | FieldPath, relabel?: Relabel) {
  const path = toPath(name);
  return (form: RuleForm) => ({
    validator: async () => {
      const result = await schema.safeParseAsync(form.getFieldsValue(true));
      if (result.success) return;
      const issue = result.error.issues.find((candidate) => samePath(candidate.path, path));
      if (issue) throw new Error(relabelMessage(issue.message, relabel));
    },
  });
}

/** Puts every server `details` message on its field; answers the ones no field shows. */
export function applyServerDetails(form: FormInstance, details: FieldDetail[]): FieldDetail[] {
  const registered = new Set(form.getFieldsError().map((entry) => JSON.stringify(entry.name)));
  const byField = new Map<string, { name: FieldPath; errors: string[] }>();
  const unplaced: FieldDetail[] = [];
  for (const detail of details) {
    // A message about `privileges.users` lands on the `privileges` control when that is the
    // closest field the form has.
    const full = pathOfDetail(detail.field);
    let name: FieldPath | null = null;
    for (let length = full.length; length > 0 && !name; length -= 1) {
      const candidate = full.slice(0, length);
      if (registered.has(JSON.stringify(candidate))) name = candidate;
    }
    if (!name) {
      unplaced.push(detail);
      continue;
    }
    const key = JSON.stringify(name);
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(detail.message);
    byField.set(key, entry);
  }
  form.setFields([...byField.values()]);
  return unplaced;
}
