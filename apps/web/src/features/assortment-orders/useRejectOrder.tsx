import { Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccessText } from '../../shared/notify';
import { assortmentOrderKeys, folioOf, rejectAssortmentOrder, type AssortmentOrder } from './api';
import { REJECT_PROMPT } from './orderRules';

/**
 * 'Rechazar' behind its confirmation (spec 001 §4): an order in process or in transit becomes
 * Rechazada, and what was sent returns to the CEDIS lots. `holder` renders the confirmation.
 */
export function useRejectOrder(onRejected?: () => void) {
  const [modal, holder] = Modal.useModal();
  const queryClient = useQueryClient();
  function reject(order: AssortmentOrder) {
    modal.confirm({
      title: REJECT_PROMPT,
      content:
        order.status === 'En transito'
          ? `${folioOf(order)}: lo enviado regresa a los lotes del CEDIS. No se puede deshacer.`
          : `${folioOf(order)}: no se puede deshacer.`,
      okText: 'Rechazar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          await rejectAssortmentOrder(order);
          notifySuccessText(`Orden de surtido ${folioOf(order)} rechazada`);
          await queryClient.invalidateQueries({ queryKey: assortmentOrderKeys.all });
          onRejected?.();
        } catch (error) {
          notifyError(error);
        }
      },
    });
  }
  return { reject, holder };
}
