import { describe, expect, it } from 'vitest';
import { ageOn, customerAgeErrors, isAdultOn, maskPhone } from './customer-rules';

describe('customer age (spec 002 §5: the age threshold is 18)', () => {
  it('turns 18 on the birthday itself, not the day before', () => {
    expect(ageOn('2008-06-15', '2026-06-15')).toBe(18);
    expect(ageOn('2008-06-15', '2026-06-14')).toBe(17);
    expect(isAdultOn('2008-06-15', '2026-06-15')).toBe(true);
    expect(isAdultOn('2008-06-15', '2026-06-14')).toBe(false);
  });

  it('counts a Feb 29 birthday as reached on Mar 1 of a common year', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('requires the mobile phone from 18', () => {
    expect(customerAgeErrors({ birthday: '2008-06-15' }, '2026-06-15')).toEqual([
      expect.objectContaining({ field: 'mobilePhone' }),
    ]);
    expect(
      customerAgeErrors(
        { birthday: '2008-06-15', mobilePhone: '6641234567', isTutor: true },
        '2026-06-15',
      ),
    ).toEqual([]);
  });

  it('requires a tutor and a relationship under 18, and refuses a minor as tutor', () => {
    const errors = customerAgeErrors({ birthday: '2008-06-15', isTutor: 1 }, '2026-06-14');
    expect(errors.map((e) => e.field)).toEqual(['isTutor', 'tutorId', 'relationship']);
    expect(
      customerAgeErrors(
        { birthday: '2008-06-15', tutorId: 3, relationship: 'Madre' },
        '2026-06-14',
      ),
    ).toEqual([]);
  });

  it('refuses a birthday in the future but accepts today', () => {
    expect(customerAgeErrors({ birthday: '2026-06-16' }, '2026-06-15')).toEqual([
      expect.objectContaining({ field: 'birthday' }),
    ]);
    expect(
      customerAgeErrors(
        { birthday: '2026-06-15', tutorId: 1, relationship: 'Padre' },
        '2026-06-15',
      ),
    ).toEqual([]);
  });

  it('shows 10 digits with the mask (000)000-0000', () => {
    expect(maskPhone('6641234567')).toBe('(664)123-4567');
    expect(maskPhone(null)).toBe('');
  });
});
