import { approvalLabels, type ApprovalStatus } from '@clinica/domain';
import { ToneTag, type Tone } from '../../shared/Tone';

const TONES: Record<ApprovalStatus, Tone> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

/** Pendiente, Aprobado or Rechazado (spec 001 §4). */
export function ApprovalTag({ status }: { status: ApprovalStatus }) {
  return <ToneTag tone={TONES[status]}>{approvalLabels[status]}</ToneTag>;
}
