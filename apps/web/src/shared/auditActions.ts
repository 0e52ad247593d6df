import { AUDIT_ACTION_LABELS } from '@clinica/domain';
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
