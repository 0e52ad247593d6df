import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orderRoutes } from '@clinica/domain';
import type { AnswerOf } from '../../../shared/api/client';
import { usePrivileges } from '../../../shared/session/hooks';
import { orderKeys, quoteOrder, type OrderBody } from '../api';

export type Quote = AnswerOf<typeof orderRoutes.quote>;

/** How long the cart rests before it is priced again. */
export const QUOTE_DELAY_MS = 300;

/**
 * The server's price of the cart (`POST /order/quote`, CONTRACT §12), asked once the cart has
 * rested: every figure of the screen comes from here. The last answer stays on screen while the
 * next one comes; a refusal (a coupon that does not apply, an offer no longer on sale) is its
 * error.
 */
export function useQuote(body: OrderBody | null) {
  const { canCall } = usePrivileges();
  const [settled, setSettled] = useState(body);
  const text = JSON.stringify(body);
  useEffect(() => {
    const timer = setTimeout(
      () => setSettled(JSON.parse(text) as OrderBody | null),
      QUOTE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [text]);
  const pending = text !== JSON.stringify(settled);
  const query = useQuery({
    queryKey: orderKeys.quote(settled),
    queryFn: ({ signal }) => quoteOrder(settled!, signal),
    enabled: settled !== null && canCall(orderRoutes.quote),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
    // A refusal is said beside the payments (`PaymentsPanel`), not again as a notification.
    meta: { silent: true },
  });
  return { ...query, pending: pending || query.isFetching, current: body !== null };
}
