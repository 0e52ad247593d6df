import { Flex } from 'antd';
import { FLOW_STATUS_COLORS, transferSideLabel, type FlowStatus } from '@clinica/domain';
import { ToneTag, type Tone } from '../../shared/Tone';
import { useSession } from '../../shared/session/hooks';
import type { Transfer } from './api';

/** The status colours of spec 001 §4, as tones whose text reads (antd 'gold' is En transito). */
const toneOf = (status: FlowStatus) => FLOW_STATUS_COLORS[status] as Tone;

type Shown = Pick<Transfer, 'status' | 'hasDifference' | 'originBranchId' | 'destinyBranchId'>;

/** The status, what it means for the user's own branch, and a received difference, as text. */
export function transferStatusText(transfer: Shown, branchId: number | null): string {
  const side = transferSideLabel({ branchId }, transfer);
  return [transfer.status, side, transfer.hasDifference ? 'Con diferencia' : null]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The transfer's status tag in its colour (spec 001 §4), the label its own branch reads ('En
 * tránsito' at the origin) and, when the destination received less than was sent, 'Con
 * diferencia': the highlighted row says it in words too.
 */
export function TransferStatusTag({ transfer }: { transfer: Shown }) {
  const branchId = useSession()?.user.branchId ?? null;
  const side = transferSideLabel({ branchId }, transfer);
  return (
    <Flex gap={4} wrap>
      <ToneTag tone={toneOf(transfer.status)}>{transfer.status}</ToneTag>
      {side && <ToneTag tone="gray">{side}</ToneTag>}
      {transfer.hasDifference && <ToneTag tone="orange">Con diferencia</ToneTag>}
    </Flex>
  );
}
