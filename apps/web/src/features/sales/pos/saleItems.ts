import { useQuery } from '@tanstack/react-query';
import { packageRoutes, treatmentRoutes } from '@clinica/domain';
import { formatMoney } from '../../../shared/format';
import { usePrivileges } from '../../../shared/session/hooks';
import { fetchOffersOnSale, fetchTreatments } from '../api';
import type { SaleItem } from './ItemPicker';

/**
 * What the point of sale offers at a branch: the packages and promotions on sale there now
 * (`GET /package?onSale=true&branchId`, the API's own rule of what is on sale) and the active
 * treatments at their catalogue price. The price beside each is the list's, for finding it; the
 * cart shows only the quote's.
 */
export function useSaleItems(branchId: number | null) {
  const { canCall } = usePrivileges();
  const offers = useQuery({
    queryKey: ['package', 'on-sale', branchId],
    queryFn: ({ signal }) => fetchOffersOnSale(branchId!, signal),
    enabled: branchId !== null && canCall(packageRoutes.list),
    staleTime: 60_000,
  });
  const treatments = useQuery({
    queryKey: ['treatment', 'pos'],
    queryFn: ({ signal }) => fetchTreatments(signal),
    enabled: canCall(treatmentRoutes.list),
    staleTime: 5 * 60_000,
  });
  const items: SaleItem[] = [
    ...(offers.data ?? []).map((offer) => ({
      kind: 'package' as const,
      id: offer.id,
      name: offer.name,
      detail: `${offer.type === 'Promotion' ? 'Promoción' : 'Paquete'} · ${formatMoney(offer.price)}`,
    })),
    ...(treatments.data ?? []).map((treatment) => ({
      kind: 'treatment' as const,
      id: treatment.id,
      name: treatment.name,
      detail: `Tratamiento · ${formatMoney(treatment.price)}`,
    })),
  ];
  return { items, loading: offers.isLoading || treatments.isLoading };
}
