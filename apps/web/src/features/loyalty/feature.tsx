import { CrownOutlined, HeartOutlined, StarOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/sistema-de-lealtad` (spec 002 §2, CONTRACT §10). */
export const loyaltySystemFeature = defineFeature({
  path: 'sistema-de-lealtad',
  label: 'Sistema de lealtad',
  privilege: 'loyalty_system',
  page: async () => (await import('./pages')).LoyaltySystemPage,
  nav: {
    group: 'Clientes',
    icon: <CrownOutlined />,
    description:
      'El nivel de cada cliente por sus compras de 365 días y los mínimos de cada nivel.',
  },
});

/** `/dashboard/miembros` (spec 002 §2: members, period 365 days). */
export const membersFeature = defineFeature({
  path: 'miembros',
  label: 'Miembros',
  privilege: 'members',
  page: async () => (await import('./pages')).MembersPage,
  nav: {
    group: 'Clientes',
    icon: <StarOutlined />,
    description: 'Los clientes con una compra pagada en los últimos 365 días.',
  },
});

/** `/dashboard/we-miss-you` (spec 002 §2: customers who have not come back, period 30 days). */
export const missYouFeature = defineFeature({
  path: 'we-miss-you',
  label: 'We miss you',
  privilege: 'miss_you',
  page: async () => (await import('./pages')).MissYouPage,
  nav: {
    group: 'Clientes',
    icon: <HeartOutlined />,
    description: 'Los clientes que no han vuelto en más de 30 días.',
  },
});
