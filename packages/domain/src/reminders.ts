/**
 * The reminder outbox's rules (CONTRACT §15), pure so the API, its tests and the screens read the
 * same ones: which channels a customer gets, when a reminder is due, the retry schedule, the key
 * a receiver drops repeats by, and the message.
 */

export const REMINDER_KINDS = ['reminder', 'waitlist-offer'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_CHANNELS = ['email', 'whatsapp'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];
export const REMINDER_TRANSPORTS = ['smtp', 'webhook', 'log'] as const;
export type ReminderTransport = (typeof REMINDER_TRANSPORTS)[number];

/** The 5th failed attempt marks a row failed. */
export const REMINDER_MAX_ATTEMPTS = 5;
/** No reminder is planned for an appointment starting less than this before now. */
export const REMINDER_MIN_LEAD_HOURS = 2;
export const REMINDER_ERROR_LENGTH = 500;

/** The channels a customer can be reached by: e-mail when she has one, WhatsApp with a mobile. */
export function reminderChannels(customer: {
  email: string | null;
  mobilePhone: string | null;
}): { channel: ReminderChannel; to: string }[] {
  const channels: { channel: ReminderChannel; to: string }[] = [];
  if (customer.email) channels.push({ channel: 'email', to: customer.email });
  if (customer.mobilePhone) channels.push({ channel: 'whatsapp', to: customer.mobilePhone });
  return channels;
}

/**
 * When a reminder is due: `reminderHours` before the start, or now when that has passed; null
 * (none planned) when the start is less than two hours away.
 */
export function reminderSendAt(start: Date, now: Date, reminderHours: number): Date | null {
  if (start.getTime() - now.getTime() < REMINDER_MIN_LEAD_HOURS * 3_600_000) return null;
  const due = new Date(start.getTime() - reminderHours * 3_600_000);
  return due < now ? now : due;
}

/** After failed attempt n (1–4), the next one is 5 × 2^(n−1) minutes later. */
export const reminderBackoffMinutes = (attempt: number) => 5 * 2 ** (attempt - 1);

export const reminderKey = (
  kind: ReminderKind,
  appointmentId: number,
  channel: ReminderChannel,
  start: Date,
) => `${kind}:${appointmentId}:${channel}:${start.toISOString()}`;

/** The reminder's text: branch, address, phone, treatment, day and time, and the link. */
export function reminderText(what: {
  branch: string;
  address: string;
  phone: string | null;
  treatment: string;
  date: string;
  startTime: string;
  link: string;
}): { subject: string; text: string } {
  const [year, month, day] = what.date.split('-');
  return {
    subject: `Recordatorio de tu cita en ${what.branch}`,
    text: [
      `Te recordamos tu cita de ${what.treatment} el ${day}/${month}/${year} a las ${what.startTime} en ${what.branch}.`,
      `Dirección: ${what.address}.${what.phone ? ` Teléfono: ${what.phone}.` : ''}`,
      `Confirma o cancela tu cita aquí: ${what.link}`,
    ].join('\n'),
  };
}

/** How the screens name a channel and a status (CONTRACT §15). */
export const REMINDER_CHANNEL_LABELS: Record<ReminderChannel, string> = {
  email: 'Correo',
  whatsapp: 'WhatsApp',
};
export const REMINDER_STATUS_LABELS: Record<ReminderStatus, string> = {
  pending: 'Pendiente',
  sent: 'Enviado',
  failed: 'Fallido',
  cancelled: 'Cancelado',
};

/** The waitlist's offer message (CONTRACT §15): the freed slot, until when, and the link. */
export function waitlistOfferText(what: {
  branch: string;
  address: string;
  phone: string | null;
  treatment: string;
  date: string;
  startTime: string;
  expiresAt: string;
  link: string;
}): { subject: string; text: string } {
  const [year, month, day] = what.date.split('-');
  return {
    subject: `Se liberó un horario en ${what.branch}`,
    text: [
      `Se liberó un horario para ${what.treatment} el ${day}/${month}/${year} a las ${what.startTime} en ${what.branch}. Lo apartamos para ti hasta las ${what.expiresAt}.`,
      `Dirección: ${what.address}.${what.phone ? ` Teléfono: ${what.phone}.` : ''}`,
      `Acéptalo o recházalo aquí: ${what.link}`,
    ].join('\n'),
  };
}
