import { fetchLoyaltySystemPage, fetchMembersPage, fetchMissYouPage, loyaltyKeys } from './api';
import { LoyaltyCustomers } from './LoyaltyCustomers';
import { ThresholdsCard } from './ThresholdsCard';

/** `/dashboard/sistema-de-lealtad`: every customer with level, points and purchases; the thresholds. */
export function LoyaltySystemPage() {
  return (
    <LoyaltyCustomers
      listKey={loyaltyKeys.system}
      resource="loyalty_system"
      title="Sistema de lealtad"
      description="Cada cliente con su nivel por compras pagadas de los últimos 365 días, sus puntos y cancelaciones."
      exportName="sistema-de-lealtad"
      fetchPage={fetchLoyaltySystemPage}
      emptyText="No hay clientes con estos filtros"
      beforeList={<ThresholdsCard />}
    />
  );
}

/** `/dashboard/miembros`: customers with a paid purchase in the last 365 days. */
export function MembersPage() {
  return (
    <LoyaltyCustomers
      listKey={loyaltyKeys.members}
      resource="members"
      title="Miembros"
      description="Clientes con al menos una compra pagada en los últimos 365 días."
      exportName="miembros"
      fetchPage={fetchMembersPage}
      emptyText="No hay clientes con compras pagadas en los últimos 365 días"
      withLastVisit
    />
  );
}

/** `/dashboard/we-miss-you`: customers who came and have not come back in 30 days. */
export function MissYouPage() {
  return (
    <LoyaltyCustomers
      listKey={loyaltyKeys.missYou}
      resource="miss_you"
      title="We miss you"
      description="Clientes cuya última visita o compra fue hace más de 30 días."
      exportName="we-miss-you"
      fetchPage={fetchMissYouPage}
      emptyText="No hay clientes sin volver en más de 30 días"
      withLastVisit
    />
  );
}
