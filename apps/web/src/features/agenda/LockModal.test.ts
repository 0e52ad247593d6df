import { describe, expect, it } from 'vitest';
import { lockBodyOf, valuesOfLock } from './LockModal';
import { DAY } from './fixtures';

describe('the lock form’s values and the API body (spec 002 §5)', () => {
  it('sends an hours range as its start and end, with the date when not recurrent', () => {
    const parsed = lockBodyOf(
      {
        type: 'hours_range',
        from: '13:00',
        to: '14:00',
        reason: 'comida',
        reasonDescription: 'Comida',
        cabainId: 11,
        date: '2026-11-24',
        recurrent: false,
        days: [1],
      },
      2,
    );
    expect(parsed.success && parsed.data).toMatchObject({
      type: 'hours_range',
      time: ['13:00', '14:00'],
      date: '2026-11-24',
      days: [],
      branchId: 2,
    });
  });

  it('a recurrent lock needs its weekdays (0 = Domingo) and no date', () => {
    const values = {
      type: 'day' as const,
      reason: 'capacitación' as const,
      reasonDescription: 'Cada domingo',
      cabainId: 11,
      recurrent: true,
      date: '2026-11-24',
    };
    expect(lockBodyOf(values, 2).success).toBe(false);
    const parsed = lockBodyOf({ ...values, days: [0] }, 2);
    expect(parsed.success && parsed.data).toMatchObject({ date: null, days: [0], time: [] });
  });

  it('a saved lock reads back into the same body', () => {
    const lock = DAY.locks[0]!;
    const parsed = lockBodyOf(valuesOfLock(lock), lock.branchId);
    expect(parsed.success && parsed.data).toMatchObject({
      type: lock.type,
      time: lock.time,
      date: lock.date,
      cabainId: lock.cabainId,
    });
  });
});
