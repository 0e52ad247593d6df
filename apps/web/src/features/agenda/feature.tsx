import { AuditOutlined, CalendarOutlined, LockOutlined, ScheduleOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/agenda` (spec 002 §2): the grid, and the appointment's form at crear and {id}. */
export const agendaFeature = defineFeature({
  path: 'agenda',
  label: 'Agenda',
  privilege: 'agenda',
  page: async () => (await import('./AgendaPage')).AgendaPage,
  record: async () => (await import('./AppointmentFormPage')).AppointmentFormPage,
  nav: {
    group: 'Agenda',
    icon: <CalendarOutlined />,
    description: 'Las citas del día por cabina: agendar, confirmar, cancelar y bloquear.',
  },
});

/** `/dashboard/citas` (spec 002 §2): the appointments' table with its detail. */
export const appointmentsFeature = defineFeature({
  path: 'citas',
  label: 'Citas',
  privilege: 'appointment',
  page: async () => (await import('./AppointmentsPage')).AppointmentsPage,
  nav: {
    group: 'Agenda',
    icon: <ScheduleOutlined />,
    description: 'Todas las citas con filtros por fecha, estatus, cabina y personal.',
  },
});

/** `/dashboard/bloqueos` (spec 002 §2): the cabins' locks. */
export const locksFeature = defineFeature({
  path: 'bloqueos',
  label: 'Bloqueos',
  privilege: 'blockers',
  page: async () => (await import('./LocksPage')).LocksPage,
  nav: {
    group: 'Agenda',
    icon: <LockOutlined />,
    description: 'Tiempo bloqueado de las cabinas: comidas, licencias, capacitaciones.',
  },
});

/** `/dashboard/bitacora` (spec 002 §2): every change of an appointment, before and after. */
export const appointmentLogFeature = defineFeature({
  path: 'bitacora',
  label: 'Bitácora',
  privilege: 'appointment',
  page: async () => (await import('./AppointmentLogPage')).AppointmentLogPage,
  nav: {
    group: 'Agenda',
    icon: <AuditOutlined />,
    description: 'Los cambios de cada cita: quién, cuándo, antes y después.',
  },
});
