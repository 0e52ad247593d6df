import { AUDIT_ACTION_LABELS, AUDIT_HIDDEN_FIELDS, auditFieldLabels } from '@clinica/domain';
import type { Tone } from './Tone';

/** The tone of each action's tag; its Spanish name is the domain's (`AUDIT_ACTION_LABELS`). */
const ACTION_TONES: Record<string, Tone> = {
  create: 'green',
  update: 'blue',
  edit: 'blue',
  delete: 'red',
  approve: 'teal',
  reject: 'orange',
  confirm: 'blue',
  drop: 'orange',
  registration: 'green',
  sale: 'purple',
  view: 'gray',
  sign_in: 'green',
  sign_in_failed: 'orange',
  wrong_branch: 'orange',
  locked: 'red',
  locked_attempt: 'red',
  sign_out: 'gray',
  quick_login: 'green',
  switch_branch: 'blue',
  pin_failed: 'orange',
  pin_revoked: 'red',
  refresh_reused: 'red',
  change_password: 'blue',
  password_mismatch: 'orange',
  change_pin: 'blue',
  reset_requested: 'gold',
  reset_password: 'blue',
  photo: 'blue',
  deny: 'orange',
  invite: 'gold',
  accept_invitation: 'green',
  checkin: 'green',
  checkin_failed: 'orange',
};

/** Spanish names of the audit log's actions (spec 001 §3 and the sign-in events of CONTRACT §4). */
export const AUDIT_ACTIONS: Record<string, { label: string; color: Tone }> = Object.fromEntries(
  Object.entries(AUDIT_ACTION_LABELS).map(([action, label]) => [
    action,
    { label, color: ACTION_TONES[action] ?? 'gray' },
  ]),
);

export function actionLabel(action: string): string {
  return AUDIT_ACTIONS[action]?.label ?? action;
}

export function actionTone(action: string): Tone {
  return AUDIT_ACTIONS[action]?.color ?? 'gray';
}

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
