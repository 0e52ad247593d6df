import { LOYALTY_SCALE_LABELS, type LoyaltyScale } from '@clinica/domain';
import { ToneTag, type Tone } from '../../shared/Tone';

const TONE: Record<LoyaltyScale, Tone> = {
  bronze: 'orange',
  silver: 'gray',
  gold: 'gold',
  platinum: 'blue',
  diamond: 'purple',
};

/** A loyalty level as a tag: its Spanish name, in its colour (the name says it without colour). */
export function LevelTag({ scale }: { scale: LoyaltyScale }) {
  return <ToneTag tone={TONE[scale]}>{LOYALTY_SCALE_LABELS[scale]}</ToneTag>;
}
