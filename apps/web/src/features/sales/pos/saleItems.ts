import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { packageRoutes, treatmentRoutes } from '@clinica/domain';
import { formatMoney } from '../../../shared/format';
import { usePrivileges } from '../../../shared/session/hooks';
import { fetchOffersOnSale, searchTreatments } from '../api';
import type { SaleItem } from './ItemPicker';
import { useDebounced } from './useDebounced';

/** How long the typing in 'Concepto' rests before the server is asked. */
export const ITEM_SEARCH_DELAY_MS = 250;

/** Lower case without accents: 'Depilación' is found by 'depilacion'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * What the point of sale offers at a branch for the text typed in 'Concepto': the packages and
 * promotions on sale there now (`GET /package?onSale=true&branchId`, the API's own rule of what
 * is on sale; a branch has few, so they are fetched once and filtered here) and the active
 * treatments the server finds for the text (`GET /treatment?search`, a chain has hundreds). While
 * the server's answer is for older text, the treatments shown are those of it that hold the new
 * text, so Enter never picks an item the text does not name. The price beside each is the list's,
 * for finding it; the cart shows only the quote's.
 */
export function useSaleItems(branchId: number | null, text: string) {
  const { canCall } = usePrivileges();
  const search = useDebounced(text.trim(), ITEM_SEARCH_DELAY_MS);
  const offers = useQuery({
    queryKey: ['package', 'on-sale', branchId],
    queryFn: ({ signal }) => fetchOffersOnSale(branchId!, signal),
    enabled: branchId !== null && canCall(packageRoutes.list),
    staleTime: 60_000,
  });
  const treatments = useQuery({
    queryKey: ['treatment', 'pos', search],
    queryFn: ({ signal }) => searchTreatments(search, signal),
    enabled: canCall(treatmentRoutes.list),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const wanted = fold(text.trim());
  const holds = (...fields: string[]) => fields.some((field) => fold(field).includes(wanted));
  const stale = treatments.isPlaceholderData || search !== text.trim();
  const items: SaleItem[] = [
    ...(offers.data ?? [])
      .filter((offer) => holds(offer.name))
      .map((offer) => ({
        kind: 'package' as const,
        id: offer.id,
        name: offer.name,
        detail: `${offer.type === 'Promotion' ? 'Promoción' : 'Paquete'} · ${formatMoney(offer.price)}`,
      })),
    ...(treatments.data ?? [])
      .filter((treatment) => !stale || holds(treatment.name, treatment.sku))
      .map((treatment) => ({
        kind: 'treatment' as const,
        id: treatment.id,
        name: treatment.name,
        detail: `Tratamiento · ${formatMoney(treatment.price)}`,
      })),
  ];
  return {
    items,
    loading: offers.isLoading || treatments.isLoading,
    searching: stale || treatments.isFetching,
  };
}
