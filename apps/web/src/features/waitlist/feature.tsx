import { HourglassOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/lista-de-espera` (CONTRACT §15): the waitlist, and a new entry at crear. */
export const waitlistFeature = defineFeature({
  path: 'lista-de-espera',
  label: 'Lista de espera',
  privilege: 'waitlist',
  page: async () => (await import('./WaitlistPage')).WaitlistPage,
  record: async () => (await import('./WaitlistFormPage')).WaitlistFormPage,
  nav: {
    group: 'Agenda',
    icon: <HourglassOutlined />,
    description: 'Clientas que esperan un horario: la oferta cuando se libera uno y su respuesta.',
  },
});
