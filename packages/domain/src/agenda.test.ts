import { describe, expect, it } from 'vitest';
import {
  LOCK_TIMES,
  appointmentEnd,
  appointmentMinutes,
  finishIssues,
  medicalCommission,
  productLimit,
  purchasedProductBookingIssues,
  cancellationEndsTreatment,
  cancellationsBlockBooking,
  holdsSlot,
  isEditable,
  isLockedPastSlot,
  isPastStart,
  lockAppliesOn,
  lockCovers,
  lockDayOf,
  lockWindowsOn,
  locksOverlap,
  moveRefused,
  scheduleDayOf,
  slotsBetween,
  statusChoices,
  treatmentOrderRefusal,
  withinHours,
  type LockRule,
} from './agenda';
import { appointmentBody, appointmentCancelBody, lockBody } from './schemas/agenda';

// 2026-11-24 is a Tuesday.
const TUESDAY = '2026-11-24';

describe('slots and the end of an appointment', () => {
  it('steps the day in 30-minute slots', () => {
    expect(slotsBetween('09:00', '11:00')).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(LOCK_TIMES[0]).toBe('06:00');
    expect(LOCK_TIMES.at(-1)).toBe('22:00');
    expect(LOCK_TIMES).toHaveLength(33);
  });

  it('ends at the start plus the treatments, or plus the package cabin time', () => {
    expect(appointmentMinutes({ treatmentMinutes: [30, 60] })).toBe(90);
    expect(appointmentMinutes({ treatmentMinutes: [30, 60], cabinMinutes: 120 })).toBe(120);
    expect(appointmentEnd('10:30', 90)).toBe('12:00');
    expect(appointmentEnd('23:30', 30)).toBeNull();
  });

  it('counts weekdays from Domingo for locks and from Monday for schedules', () => {
    expect(lockDayOf(TUESDAY)).toBe(2);
    expect(scheduleDayOf(TUESDAY)).toBe(1);
    expect(lockDayOf('2026-11-29')).toBe(0);
    expect(scheduleDayOf('2026-11-29')).toBe(6);
  });
});

describe('booking rules', () => {
  const now = { date: TUESDAY, time: '10:10:00' };

  it('refuses a start before the branch now (409 code 4); the grid locks slots 30 minutes past', () => {
    expect(isPastStart({ date: TUESDAY, startTime: '10:00' }, now)).toBe(true);
    expect(isPastStart({ date: TUESDAY, startTime: '10:30' }, now)).toBe(false);
    expect(isPastStart({ date: '2026-11-23', startTime: '18:00' }, now)).toBe(true);
    expect(isLockedPastSlot({ date: TUESDAY, startTime: '09:30' }, now)).toBe(true);
    expect(isLockedPastSlot({ date: TUESDAY, startTime: '10:00' }, now)).toBe(false);
  });

  it('keeps an appointment within the branch hours and the cabin hours (409 code 17)', () => {
    const branch = { opening: '09:00', closing: '19:00' };
    expect(withinHours('09:00', '10:00', branch, 'branch')).toBe(true);
    expect(withinHours('18:30', '19:30', branch, 'branch')).toBe(false);
    expect(withinHours('09:00', '10:00', { opening: '00:00', closing: '00:00' }, 'branch')).toBe(
      false,
    );
    expect(withinHours('09:00', '10:00', null, 'branch')).toBe(false);
    expect(withinHours('09:00', '10:00', branch, { opening: '10:00', closing: '14:00' })).toBe(
      false,
    );
    expect(withinHours('10:00', '11:00', branch, { opening: '10:00', closing: '14:00' })).toBe(
      true,
    );
    expect(withinHours('10:00', '11:00', branch, null)).toBe(false);
  });

  it('blocks a customer at 3 cancellations, 4 for Super Administrador and Gerente Operativo, unless purchased products', () => {
    expect(cancellationsBlockBooking(2, 'branchManager', 'newTreatments')).toBe(false);
    expect(cancellationsBlockBooking(3, 'branchManager', 'newTreatments')).toBe(true);
    expect(cancellationsBlockBooking(3, 'superAdmin', 'newTreatments')).toBe(false);
    expect(cancellationsBlockBooking(3, 'operationalManager', 'packages')).toBe(false);
    expect(cancellationsBlockBooking(4, 'operationalManager', 'packages')).toBe(true);
    expect(cancellationsBlockBooking(9, 'medic', 'purchasedProducts')).toBe(false);
  });

  it('books cosmetic treatments before medical ones in a day (409 codes 7 and 35)', () => {
    const medicalAtTen = [{ appointmentType: 'Médico', startTime: '10:00' }];
    expect(
      treatmentOrderRefusal({ appointmentType: 'Cosmetóloga', startTime: '11:00' }, medicalAtTen),
    ).toBe(7);
    expect(
      treatmentOrderRefusal({ appointmentType: 'Cosmetóloga', startTime: '09:00' }, medicalAtTen),
    ).toBeNull();
    const cosmeticAtTen = [{ appointmentType: 'Cosmetóloga', startTime: '10:00' }];
    expect(
      treatmentOrderRefusal({ appointmentType: 'Médico', startTime: '09:00' }, cosmeticAtTen),
    ).toBe(35);
    expect(
      treatmentOrderRefusal({ appointmentType: 'Médico', startTime: '11:00' }, cosmeticAtTen),
    ).toBeNull();
    expect(
      treatmentOrderRefusal({ appointmentType: 'Valoración', startTime: '11:00' }, medicalAtTen),
    ).toBeNull();
  });

  it('refuses a third move (409 code 16); the third cancellation ends the treatment', () => {
    expect(moveRefused(1)).toBe(false);
    expect(moveRefused(2)).toBe(true);
    expect(cancellationEndsTreatment(1)).toBe(false);
    expect(cancellationEndsTreatment(2)).toBe(true);
  });
});

describe('statuses', () => {
  it('offers anything but finished from scheduled', () => {
    expect(statusChoices('scheduled', false)).not.toContain('finished');
    expect(statusChoices('scheduled', false)).toContain('inProcess');
  });

  it('offers only finished from inProcess with a purchased product, otherwise only inProcess', () => {
    expect(statusChoices('inProcess', true)).toEqual(['finished']);
    expect(statusChoices('inProcess', false)).toEqual(['inProcess']);
    expect(statusChoices('finished', true)).toEqual([]);
    expect(statusChoices('cancelled', true)).toEqual([]);
  });

  it('frees the slot when cancelled or missed', () => {
    expect(holdsSlot('scheduled')).toBe(true);
    expect(holdsSlot('finished')).toBe(true);
    expect(holdsSlot('cancelled')).toBe(false);
    expect(holdsSlot('absence')).toBe(false);
  });

  it('edits only a scheduled appointment whose end is not past', () => {
    const now = { date: TUESDAY, time: '10:10' };
    const at = (endTime: string, status = 'scheduled' as const) => ({
      status,
      date: TUESDAY,
      endTime,
    });
    expect(isEditable(at('10:30'), now)).toBe(true);
    expect(isEditable(at('10:00'), now)).toBe(false);
    expect(isEditable({ status: 'inProcess', date: TUESDAY, endTime: '12:00' }, now)).toBe(false);
  });
});

describe('what a lock covers', () => {
  const lock = (rule: Partial<LockRule>): LockRule => ({
    type: 'hour',
    time: ['10:00'],
    date: TUESDAY,
    days: [],
    recurrent: false,
    ...rule,
  });

  it('hour: each of its times, one slot', () => {
    expect(lockCovers(lock({}), TUESDAY, '10:00', '10:30')).toBe(true);
    expect(lockCovers(lock({}), TUESDAY, '09:30', '10:30')).toBe(true);
    expect(lockCovers(lock({}), TUESDAY, '10:30', '11:00')).toBe(false);
    expect(lockCovers(lock({}), '2026-11-25', '10:00', '10:30')).toBe(false);
    expect(lockCovers(lock({ time: ['10:00', '12:00'] }), TUESDAY, '12:00', '12:30')).toBe(true);
  });

  it('hours_range: from its first time until its last', () => {
    const range = lock({ type: 'hours_range', time: ['13:00', '15:00'] });
    expect(lockCovers(range, TUESDAY, '14:30', '15:00')).toBe(true);
    expect(lockCovers(range, TUESDAY, '15:00', '16:00')).toBe(false);
    expect(lockWindowsOn(range, TUESDAY)).toEqual([{ start: 13 * 60, end: 15 * 60 }]);
  });

  it('day and cabain: the whole day', () => {
    expect(lockCovers(lock({ type: 'day' }), TUESDAY, '18:00', '19:00')).toBe(true);
    expect(lockCovers(lock({ type: 'cabain' }), TUESDAY, '07:00', '07:30')).toBe(true);
  });

  it('days_range: its weekdays (0 = Domingo) in the week from its date', () => {
    const range = lock({ type: 'days_range', days: [3, 5] });
    expect(lockAppliesOn(range, '2026-11-25')).toBe(true); // Wednesday
    expect(lockAppliesOn(range, '2026-11-27')).toBe(true); // Friday
    expect(lockAppliesOn(range, TUESDAY)).toBe(false);
    expect(lockAppliesOn(range, '2026-12-02')).toBe(false); // next week's Wednesday
  });

  it('recurrent: every week on its days, from its date on', () => {
    const weekly = lock({ recurrent: true, days: [0], time: ['09:00'], date: TUESDAY });
    expect(lockCovers(weekly, '2026-11-29', '09:00', '09:30')).toBe(true);
    expect(lockCovers(weekly, '2026-12-06', '09:00', '09:30')).toBe(true);
    expect(lockCovers(weekly, '2026-11-22', '09:00', '09:30')).toBe(false);
    expect(lockCovers(weekly, '2026-11-30', '09:00', '09:30')).toBe(false);
    const always = lock({ recurrent: true, days: [2], date: null });
    expect(lockAppliesOn(always, '2020-01-07')).toBe(true);
  });

  it('two locks of a cabin overlap when they block a common moment (409 code 32)', () => {
    expect(locksOverlap(lock({}), lock({ type: 'hours_range', time: ['09:00', '11:00'] }))).toBe(
      true,
    );
    expect(locksOverlap(lock({}), lock({ time: ['10:30'] }))).toBe(false);
    expect(locksOverlap(lock({}), lock({ date: '2026-11-25' }))).toBe(false);
    const weekly = lock({ recurrent: true, days: [2], date: '2026-11-01' });
    expect(locksOverlap(lock({}), weekly)).toBe(true);
    expect(locksOverlap(weekly, lock({}))).toBe(true);
    expect(locksOverlap(weekly, lock({ recurrent: true, days: [3], date: null }))).toBe(false);
    expect(locksOverlap(weekly, lock({ recurrent: true, days: [2, 3], date: null }))).toBe(true);
    expect(locksOverlap(lock({ type: 'day' }), lock({ time: ['21:00'] }))).toBe(true);
  });
});

describe('the bodies', () => {
  const booking = {
    appointmentType: 'Médico',
    date: TUESDAY,
    startTime: '10:00',
    appointmentMethod: 'Cita presencial',
    appointmentOption: 'newTreatments',
    branchId: 1,
    cabainId: 1,
    customerId: 1,
    treatmentsIds: [1],
    categoriesIds: [1],
  };

  it('takes a booking and refuses a start off the 30-minute step', () => {
    expect(appointmentBody.safeParse(booking).success).toBe(true);
    const off = appointmentBody.safeParse({ ...booking, startTime: '10:15' });
    expect(off.success).toBe(false);
  });

  it('asks each option for what it needs', () => {
    const result = appointmentBody.safeParse({ ...booking, appointmentOption: 'packages' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['packageId']);
  });

  it('requires a comment when the cancellation reason is Other', () => {
    expect(appointmentCancelBody.safeParse({ cancellationReason: 'Other' }).success).toBe(false);
    const ok = appointmentCancelBody.parse({ cancellationReason: 'Traffic' });
    expect(ok).toMatchObject({ type: 'Cancellation', customerCancellation: false });
  });

  it('keeps lock times between 06:00 and 22:00 and asks a one-off lock for its date', () => {
    const base = {
      reason: 'comida',
      reasonDescription: 'Comida',
      type: 'hour',
      time: ['14:00'],
      date: TUESDAY,
      days: [2],
      cabainId: 1,
      branchId: 1,
    };
    expect(lockBody.safeParse(base).success).toBe(true);
    expect(lockBody.safeParse({ ...base, time: ['05:30'] }).success).toBe(false);
    expect(lockBody.safeParse({ ...base, time: ['22:30'] }).success).toBe(false);
    expect(lockBody.safeParse({ ...base, date: null }).success).toBe(false);
    expect(lockBody.safeParse({ ...base, date: null, recurrent: true }).success).toBe(true);
    expect(lockBody.safeParse({ ...base, type: 'hours_range' }).success).toBe(false);
  });
});

describe('booking a purchased product (purchasedProductBookingIssues)', () => {
  const facial = { treatmentId: 7, treatmentName: 'Limpieza facial profunda', categoryIds: [2, 3] };

  it('passes the purchased treatment with its own categories', () => {
    expect(
      purchasedProductBookingIssues({ treatmentsIds: [7], categoriesIds: [3] }, facial),
    ).toEqual([]);
  });

  it('names the treatment when another one, or another beside it, is booked', () => {
    const message = 'El tratamiento debe ser el del producto adquirido: Limpieza facial profunda';
    for (const treatmentsIds of [[9], [7, 9]])
      expect(purchasedProductBookingIssues({ treatmentsIds, categoriesIds: [2] }, facial)).toEqual([
        { field: 'treatmentsIds', message },
      ]);
  });

  it('names the categories when one is not the treatment’s', () => {
    expect(
      purchasedProductBookingIssues({ treatmentsIds: [7], categoriesIds: [2, 5] }, facial),
    ).toEqual([
      {
        field: 'categoriesIds',
        message: 'Las categorías deben ser del tratamiento Limpieza facial profunda',
      },
    ]);
  });
});

describe('finishing an appointment (finishIssues)', () => {
  const rules = {
    sessionsLeft: 2,
    areaIds: [1, 2, 3],
    perSession: new Map([
      [10, 1],
      [20, 2],
    ]),
    lotProduct: new Map([
      [100, 10],
      [101, 10],
      [200, 20],
      [300, 30],
    ]),
  };

  it('accepts sessions with the treatment’s areas and products within quantity × sessions', () => {
    expect(
      finishIssues(
        [{ areasIds: [1, 2] }, { areasIds: [3] }],
        [
          { stockId: 100, quantity: 1 },
          { stockId: 101, quantity: 1 },
          { stockId: 200, quantity: 4 },
        ],
        rules,
      ),
    ).toEqual([]);
  });

  it('at least one session, and no more than are left', () => {
    expect(finishIssues([], [], rules)).toEqual([
      { field: 'sessions', message: 'El campo Sesiones es obligatorio' },
    ]);
    expect(
      finishIssues([{ areasIds: [1] }, { areasIds: [1] }, { areasIds: [1] }], [], rules),
    ).toEqual([{ field: 'sessions', message: 'Solo quedan 2 sesiones del tratamiento' }]);
  });

  it('areas required when the treatment has them, not repeated in a session, only the treatment’s', () => {
    expect(finishIssues([{ areasIds: [] }], [], rules)).toEqual([
      { field: 'sessions.0.areasIds', message: 'El campo Áreas es obligatorio' },
    ]);
    expect(finishIssues([{ areasIds: [1] }, { areasIds: [2, 2] }], [], rules)).toEqual([
      { field: 'sessions.1.areasIds', message: 'Las áreas de una sesión no se repiten' },
    ]);
    expect(finishIssues([{ areasIds: [1, 9] }], [], rules)).toEqual([
      { field: 'sessions.0.areasIds', message: 'El área no es del tratamiento' },
    ]);
    // A treatment without areas (a Valoración) takes sessions without them.
    expect(finishIssues([{ areasIds: [] }], [], { ...rules, areaIds: [] })).toEqual([]);
  });

  it('each lot once, of a product the treatment consumes, within the product’s limit over its lots', () => {
    expect(
      finishIssues(
        [{ areasIds: [1] }],
        [
          { stockId: 100, quantity: 1 },
          { stockId: 100, quantity: 1 },
        ],
        rules,
      ),
    ).toContainEqual({ field: 'stockIds.1.stockId', message: 'El lote ya está en la lista' });
    expect(finishIssues([{ areasIds: [1] }], [{ stockId: 300, quantity: 1 }], rules)).toEqual([
      { field: 'stockIds.0.stockId', message: 'El producto no es del tratamiento' },
    ]);
    expect(finishIssues([{ areasIds: [1] }], [{ stockId: 999, quantity: 1 }], rules)).toEqual([
      { field: 'stockIds.0.stockId', message: 'El producto no es del tratamiento' },
    ]);
    expect(
      finishIssues(
        [{ areasIds: [1] }],
        [
          { stockId: 100, quantity: 1 },
          { stockId: 101, quantity: 1 },
        ],
        rules,
      ),
    ).toEqual([
      { field: 'stockIds.0.quantity', message: 'Se pueden usar hasta 1 unidades de este producto' },
      { field: 'stockIds.1.quantity', message: 'Se pueden usar hasta 1 unidades de este producto' },
    ]);
    expect(productLimit(2, 3)).toBe(6);
  });
});

describe('the medical commission (medicalCommission)', () => {
  it('is the fee per session × sessions, ISR at the medic’s percent, and the net', () => {
    expect(medicalCommission(900, 2, 12.5)).toEqual({ fee: 1800, isr: 225, net: 1575 });
    expect(medicalCommission(90, 1, 0)).toEqual({ fee: 90, isr: 0, net: 90 });
    expect(medicalCommission(1333.33, 1, 10)).toEqual({ fee: 1333.33, isr: 133.33, net: 1200 });
  });
});
