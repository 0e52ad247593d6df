// Its own module, without the route table audit-labels.ts reads: a screen that names actions (the
// home's recent activity) does not load every area's schemas for it.

/**
 * The Spanish name of every action the log records (spec 001 §3, the sign-in events of CONTRACT
 * §4): the history, its filters and the dashboard's feed read them here, and a test in the API's
 * audit module fails when a service records an action this map does not name.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'Creación',
  update: 'Actualización',
  edit: 'Edición',
  delete: 'Eliminación',
  approve: 'Aprobación',
  reject: 'Rechazo',
  unban: 'Limpieza de cancelaciones',
  confirm: 'Confirmación',
  drop: 'Baja',
  registration: 'Registro',
  sale: 'Venta',
  payment: 'Registro de pago',
  refund: 'Devolución',
  view: 'Consulta',
  sign_in: 'Inicio de sesión',
  sign_in_failed: 'Intento fallido de inicio de sesión',
  wrong_branch: 'Sucursal incorrecta',
  locked: 'Usuario bloqueado',
  locked_attempt: 'Intento con usuario bloqueado',
  sign_out: 'Cierre de sesión',
  quick_login: 'Ingreso rápido con PIN',
  switch_branch: 'Cambio de sucursal',
  pin_failed: 'PIN incorrecto',
  pin_revoked: 'Sesión revocada por PIN',
  refresh_reused: 'Token reutilizado',
  change_password: 'Cambio de contraseña',
  password_mismatch: 'Contraseña actual incorrecta',
  change_pin: 'Cambio de PIN',
  reset_requested: 'Solicitud de recuperación',
  reset_password: 'Recuperación de contraseña',
  photo: 'Cambio de foto',
  deny: 'Rechazo',
  invite: 'Invitación enviada',
  accept_invitation: 'Invitación aceptada',
  checkin: 'Registro de entrada',
  checkin_failed: 'Registro de entrada fallido',
  // The appointment's life (spec 002 §4).
  cancel: 'Cancelación',
  'set-on-process': 'Cita en proceso',
  finish: 'Cita terminada',
  absence: 'Inasistencia',
  // The waitlist (CONTRACT §15): a freed slot held and offered to a waiting customer.
  offer: 'Oferta de la lista de espera',
};
