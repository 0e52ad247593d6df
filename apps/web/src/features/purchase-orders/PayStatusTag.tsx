import { Flex } from 'antd';
import { ToneTag } from '../../shared/Tone';
import type { PurchaseOrder } from './api';

/** 'Pendiente' or 'Completado' (spec 001 §9), and 'Eliminado' for a deleted order (§4). */
export function PayStatusTag({
  order,
}: {
  order: Pick<PurchaseOrder, 'payStatus' | 'deleted_at'>;
}) {
  return (
    <Flex gap={4} wrap>
      {order.payStatus === 'Completado' ? (
        <ToneTag tone="green">Completado</ToneTag>
      ) : (
        <ToneTag tone="gold">Pendiente</ToneTag>
      )}
      {order.deleted_at !== null && <ToneTag tone="red">Eliminado</ToneTag>}
    </Flex>
  );
}
