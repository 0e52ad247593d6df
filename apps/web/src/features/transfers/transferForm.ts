import {
  transferApproveBody,
  transferBody,
  transferConfirmBody,
  transferUpdateBody,
  type TransferFormMode,
} from '@clinica/domain';
import { withFormChecks } from '../../shared/form/withFormChecks';
import type { Transfer } from './api';

/** The transfer form's rules beyond the bodies' (spec 001 §5), one schema per mode. */

export type FormMode = Exclude<TransferFormMode, 'view'>;

/** Units a lot of the origin holds now; undefined while that is not known (the server checks). */
export type AvailableOf = (stockId: unknown) => number | undefined;

interface SentLine {
  stockId?: number | null;
  id?: number | null;
  stockedQuantity?: number | null;
  receivedQuantity?: number | null;
}

/** 'Inventario insuficiente' (spec 001 §5), with what the lot holds. */
export const insufficient = (available: number) =>
  `Inventario insuficiente: el lote tiene ${available}`;

/** Received above sent is refused by the API (400); the form says it first. */
export const aboveSent = (sent: number) => `No puede exceder lo enviado (${sent})`;

/**
 * The body's schema of each mode and what only the screen knows: the quantity to send within
 * what the lot holds (create, edit, approve), the quantity received within what was sent (confirm).
 */
export function transferFormSchema(
  mode: FormMode,
  availableOf: AvailableOf,
  record: Transfer | null,
) {
  const linesOf = (values: Record<string, unknown>) =>
    (values.transferProducts as SentLine[] | undefined) ?? [];
  const lineOf = (id: unknown) => record?.transferProducts.find((line) => line.id === id);
  switch (mode) {
    case 'create':
    case 'edit':
      return withFormChecks(mode === 'create' ? transferBody : transferUpdateBody, {
        extraKeys: [],
        extra: () => null,
        check: (values, issue) =>
          linesOf(values).forEach((line, index) => {
            const available = availableOf(line.stockId);
            if (typeof line.stockedQuantity === 'number' && available !== undefined)
              if (line.stockedQuantity > available)
                issue(`transferProducts.${index}.stockedQuantity`, insufficient(available));
          }),
      });
    case 'approve':
      return withFormChecks(transferApproveBody, {
        extraKeys: [],
        extra: () => null,
        check: (values, issue) =>
          linesOf(values).forEach((line, index) => {
            const available = availableOf(lineOf(line.id)?.stockId);
            if (typeof line.stockedQuantity === 'number' && available !== undefined)
              if (line.stockedQuantity > available)
                issue(`transferProducts.${index}.stockedQuantity`, insufficient(available));
          }),
      });
    case 'confirm':
      return withFormChecks(transferConfirmBody, {
        extraKeys: [],
        extra: () => null,
        check: (values, issue) =>
          linesOf(values).forEach((line, index) => {
            const sent = lineOf(line.id)?.stockedQuantity;
            if (typeof line.receivedQuantity === 'number' && sent !== undefined)
              if (line.receivedQuantity > sent)
                issue(`transferProducts.${index}.receivedQuantity`, aboveSent(sent));
          }),
      });
  }
}

/** The form's values of a saved transfer in each mode (confirm starts from what was sent). */
export function toFormValues(transfer: Transfer, mode: FormMode | 'view') {
  switch (mode) {
    case 'approve':
      return {
        transferProducts: transfer.transferProducts.map((line) => ({
          id: line.id,
          stockedQuantity: line.stockedQuantity,
        })),
      };
    case 'confirm':
      return {
        transferProducts: transfer.transferProducts.map((line) => ({
          id: line.id,
          receivedQuantity: line.receivedQuantity ?? line.stockedQuantity,
        })),
      };
    default:
      return {
        originBranchId: transfer.originBranchId,
        destinyBranchId: transfer.destinyBranchId,
        comments: transfer.comments ?? '',
        transferProducts: transfer.transferProducts.map((line) => ({
          stockId: line.stockId,
          stockedQuantity: line.stockedQuantity,
        })),
      };
  }
}

/** Units sent that the confirmation says did not arrive (the difference the form shows). */
export function shortfall(
  record: Transfer,
  lines: { id?: number | null; receivedQuantity?: number | null }[],
): number {
  return lines.reduce((sum, line) => {
    const sent = record.transferProducts.find((candidate) => candidate.id === line.id);
    if (!sent || typeof line.receivedQuantity !== 'number') return sum;
    return sum + Math.max(0, sent.stockedQuantity - line.receivedQuantity);
  }, 0);
}
