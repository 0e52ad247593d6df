import { AUDIT_HIDDEN_FIELDS, auditFieldLabels } from '@clinica/domain';
import type { Tone } from './Tone';

/** Spanish names of the audit log's actions (spec 001 §3 and the sign-in events of CONTRACT §4). */
export const AUDIT_ACTIONS: Record<string, { label: string; color: Tone }> = {
  create: { label: 'Creación', color: 'green' },
  update: { label: 'Actualización', color: 'blue' },
  edit: { label: 'Edición', color: 'blue' },
  delete: { label: 'Eliminación', color: 'red' },
  approve: { label: 'Aprobación', color: 'teal' },
  reject: { label: 'Rechazo', color: 'orange' },
  confirm: { label: 'Confirmación', color: 'blue' },
  drop: { label: 'Baja', color: 'orange' },
  registration: { label: 'Registro', color: 'green' },
  sale: { label: 'Venta', color: 'purple' },
  view: { label: 'Consulta', color: 'gray' },
  sign_in: { label: 'Inicio de sesión', color: 'green' },
  sign_in_failed: { label: 'Intento fallido de inicio de sesión', color: 'orange' },
  wrong_branch: { label: 'Sucursal incorrecta', color: 'orange' },
  locked: { label: 'Usuario bloqueado', color: 'red' },
  locked_attempt: { label: 'Intento con usuario bloqueado', color: 'red' },
  sign_out: { label: 'Cierre de sesión', color: 'gray' },
  quick_login: { label: 'Ingreso rápido con PIN', color: 'green' },
  switch_branch: { label: 'Cambio de sucursal', color: 'blue' },
  pin_failed: { label: 'PIN incorrecto', color: 'orange' },
  pin_revoked: { label: 'Sesión revocada por PIN', color: 'red' },
  refresh_reused: { label: 'Token reutilizado', color: 'red' },
  change_password: { label: 'Cambio de contraseña', color: 'blue' },
  password_mismatch: { label: 'Contraseña actual incorrecta', color: 'orange' },
  change_pin: { label: 'Cambio de PIN', color: 'blue' },
  reset_requested: { label: 'Solicitud de recuperación', color: 'gold' },
  reset_password: { label: 'Recuperación de contraseña', color: 'blue' },
  photo: { label: 'Cambio de foto', color: 'blue' },
  deny: { label: 'Rechazo', color: 'orange' },
  invite: { label: 'Invitación enviada', color: 'gold' },
  accept_invitation: { label: 'Invitación aceptada', color: 'green' },
  checkin: { label: 'Registro de entrada', color: 'green' },
  checkin_failed: { label: 'Registro de entrada fallido', color: 'orange' },
};

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
