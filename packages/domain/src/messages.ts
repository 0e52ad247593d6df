/**
 * Spanish validation messages (spec 000 §5): required-field messages are generated from the
 * field's label, length messages from the label and the limit.
 */
export const msg = {
  required: (label: string) => `El campo ${label} es obligatorio`,
  invalid: (label: string) => `El campo ${label} no es válido`,
  controlCharacters: (label: string) => `El campo ${label} contiene caracteres no permitidos`,
  max: (label: string, n: number) => `El campo ${label} admite máximo ${n} caracteres`,
  min: (label: string, n: number) => `El campo ${label} requiere mínimo ${n} caracteres`,
  exactLength: (label: string, n: number) =>
    `El campo ${label} debe tener exactamente ${n} caracteres`,
  email: (label: string) => `El campo ${label} debe ser un correo electrónico válido`,
  number: (label: string) => `El campo ${label} debe ser un número`,
  integer: (label: string) => `El campo ${label} debe ser un número entero`,
  minValue: (label: string, n: number) => `El campo ${label} debe ser mayor o igual a ${n}`,
  maxValue: (label: string, n: number) => `El campo ${label} debe ser menor o igual a ${n}`,
  option: (label: string) => `El campo ${label} tiene un valor no permitido`,
  boolean: (label: string) => `El campo ${label} debe ser verdadero o falso`,
  date: (label: string) => `El campo ${label} debe ser una fecha válida (AAAA-MM-DD)`,
  time: (label: string) => `El campo ${label} debe ser una hora válida (HH:mm)`,
  lengthInvalid: 'Longitud inválida',
  rfc: 'RFC Inválido',
  rfcBranch: 'RFC Invalido',
  curp: 'CURP Inválido',
  unknownField: 'Campo no permitido',
  passwordsDiffer: 'Las contraseñas no coinciden!',
  pinsDiffer: 'Los pines no coinciden!',
  passwordRules:
    'La contraseña debe tener al menos 8 caracteres, una letra mayúscula, una letra minúscula y un número',
  digitsOnly: (label: string) => `El campo ${label} solo admite dígitos`,
  /** A wrong PIN at the quick sign-in, with what is left before a full sign-in is needed. */
  pinTriesLeft: (left: number) =>
    left > 0
      ? `PIN incorrecto. Te ${left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`}.`
      : 'PIN incorrecto. Sin intentos: inicia sesión con tu contraseña.',
  /** The current password of a change did not match (the field, not a notice). */
  currentPasswordWrong: 'La contraseña actual no es correcta',
} as const;
