/** Business constants of spec 000 §9 and 002 §9. */

export const API_VERSION = 1;
export const LOCALE = 'es-MX';
export const DEFAULT_TIME_ZONE = 'America/Tijuana';

/** Branch time-zone options (spec 000 §9), mapped to their IANA zones. */
export const TIME_ZONES = [
  { label: 'Tiempo del Sureste', value: 'America/Cancun' },
  { label: 'Tiempo del Centro', value: 'America/Mexico_City' },
  { label: 'Tiempo del Pacífico', value: 'America/Mazatlan' },
  { label: 'Tiempo del Noroeste', value: 'America/Tijuana' },
] as const;

export const WEEK_DAYS = [
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
  'Domingo',
] as const;

export const IDLE_TIMEOUT_MS = 900_000;
export const IDLE_WARNING_MS = 60_000;
export const IDLE_THROTTLE_MS = 500;

export const ACCESS_TOKEN_MINUTES = 15;
export const REFRESH_TOKEN_HOURS = 12;
export const REFRESH_TOKEN_REMEMBER_DAYS = 30;
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_MINUTES = 15;
export const PIN_FAILURES_BEFORE_REVOKE = 5;
export const RESET_CODE_MINUTES = 15;

export const TREATMENT_TYPES = [
  { name: 'Médico', appointmentName: 'Cita médica' },
  { name: 'Cosmetóloga', appointmentName: 'Cita cosmetológica' },
  { name: 'Valoración', appointmentName: 'Valoración' },
] as const;

export const PRODUCT_TYPES = ['Cosmetólogo/Venta', 'Médico/Venta', 'Uso Cabina', 'Insumo'] as const;

export const EMPLOYEE_TYPES = ['Médica', 'Cosmetológica', 'Administrativa'] as const;

/** Departments and their job positions, seeded as lookups. */
export const DEPARTMENTS: Record<string, string[]> = {
  Dirección: ['Director General', 'Director de Operaciones'],
  Médica: ['Médico Estético', 'Médico Dermatólogo', 'Enfermera'],
  Cosmetología: ['Cosmetóloga', 'Cosmetóloga Senior'],
  Administración: ['Gerente de Sucursal', 'Gerente Operativo', 'Recepcionista', 'Franquiciatario'],
  Logística: ['Gerente de Logística', 'Almacenista'],
};

/** The colour collection cabin types pick from (hex without #). */
export const COLORS = [
  { name: 'Rosa', hex: 'F48FB1' },
  { name: 'Lila', hex: 'CE93D8' },
  { name: 'Lavanda', hex: 'B39DDB' },
  { name: 'Índigo', hex: '9FA8DA' },
  { name: 'Azul cielo', hex: '90CAF9' },
  { name: 'Turquesa', hex: '80DEEA' },
  { name: 'Menta', hex: '80CBC4' },
  { name: 'Verde', hex: 'A5D6A7' },
  { name: 'Lima', hex: 'C5E1A5' },
  { name: 'Amarillo', hex: 'FFF59D' },
  { name: 'Ámbar', hex: 'FFE082' },
  { name: 'Durazno', hex: 'FFCC80' },
  { name: 'Coral', hex: 'FFAB91' },
  { name: 'Arena', hex: 'BCAAA4' },
  { name: 'Gris', hex: 'B0BEC5' },
  { name: 'Rojo', hex: 'EF9A9A' },
] as const;

export const GENDERS = ['Masculino', 'Femenino', 'Otro'] as const;
export const MARITAL_STATUSES = [
  'Soltero',
  'Casado',
  'Viudo',
  'Divorciado',
  'Separación',
  'Concubinato',
  'Otro',
] as const;
export const WORK_SHIFTS = ['matutino', 'intermedio', 'vespertino'] as const;
export const EDUCATION_LEVELS = ['inicial', 'básica', 'media superior', 'superior'] as const;
export const BLOOD_TYPES = ['A+', 'O+', 'B+', 'AB+', 'A-', 'O-', 'B-', 'AB-'] as const;
export const USER_STATUSES = ['activo', 'inactivo'] as const;
