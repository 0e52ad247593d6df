import type { APPLIANCE_STATUSES } from '@clinica/domain';
import { ToneTag, type Tone } from './Tone';

export type ApplianceStatus = (typeof APPLIANCE_STATUSES)[number];

/** An appliance's condition as a tag, on the appliances' and the branches' screens. */
export const APPLIANCE_STATUS_TONES: Record<ApplianceStatus, Tone> = {
  Funcionando: 'green',
  Averiado: 'red',
  'Con fallas': 'orange',
  'En reparación': 'blue',
};

/** Funcionando, Averiado, Con fallas or En reparación (spec 002 §3). */
export function ApplianceStatusTag({ status }: { status: ApplianceStatus }) {
  return <ToneTag tone={APPLIANCE_STATUS_TONES[status]}>{status}</ToneTag>;
}
