import { AUDIT_HIDDEN_FIELDS, auditFieldLabels } from '@clinica/domain';

// The actions' names and tones live in auditActions.ts (no route table behind them).
export { AUDIT_ACTIONS, actionLabel, actionTone } from './auditActions';

/** Modules that write to the log without being a privilege resource. */
export const EXTRA_AUDIT_MODULES = [{ value: 'auth', label: 'Acceso al sistema' }];

/** The record an entry is about, by its name; its number only when it has none (a sign-in). */
export function recordLabel(entry: { recordId: number | null; recordName: string | null }): string {
  if (entry.recordName) return entry.recordName;
  return entry.recordId === null ? '—' : `#${entry.recordId}`;
}

/**
 * A changed field as the staff call it: its label in the forms (the domain's body schemas are the
 * one source), so `tradename` reads 'Nombre comercial'; the key itself only when no form names it.
 */
export function fieldLabel(module: string, key: string, fallback = key): string {
  return auditFieldLabels(module)[key] ?? fallback;
}

/** An entry's changes in one line, for the CSV and PDF exports. */
export function changeSummary(entry: {
  module: { alias: string };
  changes: Record<string, { before: unknown; after: unknown }> | null;
}): string {
  return Object.entries(entry.changes ?? {})
    .filter(([key]) => !AUDIT_HIDDEN_FIELDS.has(key))
    .map(
      ([key, change]) =>
        `${fieldLabel(entry.module.alias, key)}: ${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`,
    )
    .join(' | ');
}
