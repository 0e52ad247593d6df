import { ToneTag } from '../../shared/Tone';
import { APPLIANCE_STATUS_TONES, type ApplianceStatus } from './api';

/** Funcionando, Averiado, Con fallas or En reparación (spec 002 §3). */
export function ApplianceStatusTag({ status }: { status: ApplianceStatus }) {
  return <ToneTag tone={APPLIANCE_STATUS_TONES[status]}>{status}</ToneTag>;
}

export function ActiveTag({ active }: { active: boolean }) {
  return active ? <ToneTag tone="teal">Activo</ToneTag> : <ToneTag tone="gray">Inactivo</ToneTag>;
}
