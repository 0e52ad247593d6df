import { describe, expect, it } from 'vitest';
import { appointment } from './fixtures';
import { canFinish, canMarkAbsence } from './StatusChange';

const held = {
  id: 3,
  treatment: { id: 9, name: 'Toxina' },
} as unknown as NonNullable<ReturnType<typeof appointment>['purchasedProduct']>;

describe('the status changes through the finish (spec 002 §4)', () => {
  const today = '2026-11-24';

  it('offers Inasistencia from scheduled, only on the appointment’s own day', () => {
    expect(canMarkAbsence(appointment({ status: 'scheduled' }), today)).toBe(true);
    expect(canMarkAbsence(appointment({ status: 'scheduled' }), '2026-11-25')).toBe(false);
    expect(canMarkAbsence(appointment({ status: 'inProcess' }), today)).toBe(false);
    expect(canMarkAbsence(appointment({ status: 'finished' }), today)).toBe(false);
  });

  it('offers Terminar from inProcess of a purchased product, only on its day', () => {
    expect(canFinish(appointment({ status: 'inProcess', purchasedProduct: held }), today)).toBe(
      true,
    );
    expect(canFinish(appointment({ status: 'inProcess' }), today)).toBe(false);
    expect(canFinish(appointment({ status: 'scheduled', purchasedProduct: held }), today)).toBe(
      false,
    );
    expect(
      canFinish(appointment({ status: 'inProcess', purchasedProduct: held }), '2026-11-23'),
    ).toBe(false);
  });
});
