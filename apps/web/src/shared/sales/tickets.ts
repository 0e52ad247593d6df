import { cashOrderRoutes, orderRoutes } from '@clinica/domain';
import { openFile } from '../api/client';

/**
 * An order's tickets (CONTRACT §12, spec 002 §2: opened in a new tab), read with the session's
 * token. Shared by the sales lists, the point of sale and the customer's Órdenes tab.
 */

type Ticketed = { id: number; folio?: string; orderNumber: number | string };

const folioOf = (order: Ticketed) => order.folio ?? String(order.orderNumber);

export function openOrderTicket(order: Ticketed): Promise<void> {
  return openFile(orderRoutes.ticket, {
    params: { id: order.id },
    fileName: `ticket-${folioOf(order)}.pdf`,
  });
}

export function openRefundTicket(order: Ticketed): Promise<void> {
  return openFile(orderRoutes.refundTicket, {
    params: { id: order.id },
    fileName: `devolucion-${folioOf(order)}.pdf`,
  });
}

/** A cash order's ticket and refund ticket (CONTRACT §12 "Tickets"). */
export function openCashOrderTicket(order: Ticketed): Promise<void> {
  return openFile(cashOrderRoutes.ticket, {
    params: { id: order.id },
    fileName: `ticket-${folioOf(order)}.pdf`,
  });
}

export function openCashOrderRefundTicket(order: Ticketed): Promise<void> {
  return openFile(cashOrderRoutes.refundTicket, {
    params: { id: order.id },
    fileName: `devolucion-${folioOf(order)}.pdf`,
  });
}
