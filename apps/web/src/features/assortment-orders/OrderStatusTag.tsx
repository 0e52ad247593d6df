import { Flex } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { FLOW_STATUS_COLORS } from '@clinica/domain';
import { ToneTag, type Tone } from '../../shared/Tone';
import type { AssortmentOrder } from './api';

/**
 * The order's status in its colour (spec 001 §4: En proceso blue, En transito yellow, Terminada
 * green, Rechazada orange, Eliminada red), and 'Con diferencia' when a finished order received
 * less than was sent: the highlighted row also says it in words.
 */
export function OrderStatusTag({
  order,
}: {
  order: Pick<AssortmentOrder, 'status' | 'hasDifference'>;
}) {
  return (
    <Flex gap={4} wrap>
      <ToneTag tone={FLOW_STATUS_COLORS[order.status] as Tone}>{order.status}</ToneTag>
      {order.hasDifference && <DifferenceTag />}
    </Flex>
  );
}

export function DifferenceTag() {
  return (
    <ToneTag tone="orange">
      <span aria-hidden="true" style={{ marginInlineEnd: 4 }}>
        <WarningOutlined />
      </span>
      Con diferencia
    </ToneTag>
  );
}

/** The status as exports write it. */
export const statusText = (order: Pick<AssortmentOrder, 'status' | 'hasDifference'>) =>
  order.hasDifference ? `${order.status} (con diferencia)` : order.status;
