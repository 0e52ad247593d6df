import { describe, expect, it } from 'vitest';
import {
  isOnSale,
  offerRuleProblems,
  offerTotals,
  whyNotOnSale,
  type SaleWindow,
} from './packages';
import { offerBody } from './schemas/packages';

const TIJUANA = { id: 1, zone: 'America/Tijuana' };
const CANCUN = { id: 2, zone: 'America/Cancun' };
const CDMX = { id: 3, zone: 'America/Mexico_City' };

const offer = (overrides: Partial<SaleWindow> = {}): SaleWindow => ({
  status: 1,
  branches: [TIJUANA, CANCUN, CDMX],
  paymentType: ['Efectivo', 'Tarjeta de crédito'],
  validBySchedule: 0,
  startDate: null,
  endDate: null,
  validByTime: 0,
  startTime: null,
  endTime: null,
  ...overrides,
});
const at = (iso: string) => new Date(iso);

describe('offerTotals: price = Σ promotionPrice, regularPrice = Σ regularPrice (CONTRACT §11)', () => {
  it('adds the lines to the cent, without float error', () => {
    expect(
      offerTotals([
        { regularPrice: 0.1, promotionPrice: 0.2 },
        { regularPrice: 0.2, promotionPrice: 0.1 },
        { regularPrice: 1500.55, promotionPrice: 999.99 },
      ]),
    ).toEqual({ regularPrice: 1500.85, price: 1000.29 });
  });
  it('counts a line still being typed as 0', () => {
    expect(offerTotals([{ regularPrice: 100 }, {}])).toEqual({ regularPrice: 100, price: 0 });
    expect(offerTotals([])).toEqual({ regularPrice: 0, price: 0 });
  });
});

describe('isOnSale: at its branches, within its dates and hours, paid by its methods', () => {
  it('sells an active offer without limits at any of its branches, any time', () => {
    for (const branch of [TIJUANA, CANCUN, CDMX])
      expect(isOnSale(offer(), branch.id, at('2026-03-03T03:03:03Z'), 'Efectivo')).toBe(true);
  });

  it('does not sell an inactive offer', () => {
    expect(whyNotOnSale(offer({ status: 0 }), TIJUANA.id, at('2026-03-03T12:00:00Z'))).toBe(
      'inactive',
    );
    expect(whyNotOnSale(offer({ status: false }), TIJUANA.id, at('2026-03-03T12:00:00Z'))).toBe(
      'inactive',
    );
  });

  it('sells only at its branches', () => {
    const onlyTijuana = offer({ branches: [TIJUANA] });
    expect(whyNotOnSale(onlyTijuana, CANCUN.id, at('2026-03-03T20:00:00Z'))).toBe('branch');
    expect(isOnSale(onlyTijuana, TIJUANA.id, at('2026-03-03T20:00:00Z'))).toBe(true);
  });

  describe('between its dates, both days included, in the branch local day', () => {
    const january = offer({ validBySchedule: 1, startDate: '2026-01-10', endDate: '2026-01-20' });
    it('starts at local midnight of the first day in Tijuana (UTC−8)', () => {
      expect(whyNotOnSale(january, TIJUANA.id, at('2026-01-10T07:59:59Z'))).toBe('dates');
      expect(isOnSale(january, TIJUANA.id, at('2026-01-10T08:00:00Z'))).toBe(true);
    });
    it('ends at the last second of the last day in Tijuana', () => {
      expect(isOnSale(january, TIJUANA.id, at('2026-01-21T07:59:59Z'))).toBe(true);
      expect(whyNotOnSale(january, TIJUANA.id, at('2026-01-21T08:00:00Z'))).toBe('dates');
    });
    it('ends five hours of UTC earlier in Cancún (UTC−5) than the calendar date in UTC', () => {
      expect(isOnSale(january, CANCUN.id, at('2026-01-21T04:59:59Z'))).toBe(true);
      expect(whyNotOnSale(january, CANCUN.id, at('2026-01-21T05:00:00Z'))).toBe('dates');
    });
    it('is still on sale in Tijuana when Cancún has already passed its last day', () => {
      const instant = at('2026-01-21T05:30:00Z');
      expect(isOnSale(january, TIJUANA.id, instant)).toBe(true);
      expect(isOnSale(january, CANCUN.id, instant)).toBe(false);
      expect(isOnSale(january, CDMX.id, instant)).toBe(true);
    });
    it('is on sale all day when the first and last day are the same', () => {
      const oneDay = offer({ validBySchedule: 1, startDate: '2026-02-14', endDate: '2026-02-14' });
      expect(isOnSale(oneDay, CDMX.id, at('2026-02-14T06:00:00Z'))).toBe(true);
      expect(isOnSale(oneDay, CDMX.id, at('2026-02-15T05:59:59Z'))).toBe(true);
      expect(isOnSale(oneDay, CDMX.id, at('2026-02-15T06:00:00Z'))).toBe(false);
      expect(isOnSale(oneDay, CDMX.id, at('2026-02-14T05:59:59Z'))).toBe(false);
    });
    it('ignores the dates when it is not limited in time', () => {
      const unlimited = offer({
        validBySchedule: 0,
        startDate: '2020-01-01',
        endDate: '2020-01-02',
      });
      expect(isOnSale(unlimited, TIJUANA.id, at('2026-06-01T18:00:00Z'))).toBe(true);
    });
    it('is not on sale when limited in time without dates', () => {
      expect(
        whyNotOnSale(offer({ validBySchedule: 1 }), TIJUANA.id, at('2026-06-01T18:00:00Z')),
      ).toBe('dates');
    });
  });

  describe('between its times, from the start until (not including) the end, in local time', () => {
    const mornings = offer({ validByTime: 1, startTime: '10:00', endTime: '14:00' });
    it('follows Tijuana in winter (UTC−8)', () => {
      expect(whyNotOnSale(mornings, TIJUANA.id, at('2026-01-15T17:59:59Z'))).toBe('hours');
      expect(isOnSale(mornings, TIJUANA.id, at('2026-01-15T18:00:00Z'))).toBe(true);
      expect(isOnSale(mornings, TIJUANA.id, at('2026-01-15T21:59:59Z'))).toBe(true);
      expect(whyNotOnSale(mornings, TIJUANA.id, at('2026-01-15T22:00:00Z'))).toBe('hours');
    });
    it('follows Tijuana in summer time (UTC−7): the same hours an hour earlier in UTC', () => {
      expect(whyNotOnSale(mornings, TIJUANA.id, at('2026-07-15T16:59:59Z'))).toBe('hours');
      expect(isOnSale(mornings, TIJUANA.id, at('2026-07-15T17:00:00Z'))).toBe(true);
      expect(isOnSale(mornings, TIJUANA.id, at('2026-07-15T20:59:59Z'))).toBe(true);
      expect(whyNotOnSale(mornings, TIJUANA.id, at('2026-07-15T21:00:00Z'))).toBe('hours');
    });
    it('follows Mexico City, which keeps UTC−6 all year', () => {
      expect(isOnSale(mornings, CDMX.id, at('2026-07-15T16:00:00Z'))).toBe(true);
      expect(isOnSale(mornings, CDMX.id, at('2026-07-15T15:59:59Z'))).toBe(false);
    });
    it('needs both the dates and the hours when limited by both', () => {
      const both = offer({
        validBySchedule: 1,
        startDate: '2026-01-10',
        endDate: '2026-01-20',
        validByTime: 1,
        startTime: '10:00',
        endTime: '14:00',
      });
      expect(isOnSale(both, TIJUANA.id, at('2026-01-15T19:00:00Z'))).toBe(true);
      expect(whyNotOnSale(both, TIJUANA.id, at('2026-01-25T19:00:00Z'))).toBe('dates');
      expect(whyNotOnSale(both, TIJUANA.id, at('2026-01-15T23:00:00Z'))).toBe('hours');
    });
    it('is not on sale when limited by hours without times', () => {
      expect(
        whyNotOnSale(offer({ validByTime: 1, startTime: '10:00' }), 1, at('2026-01-15T19:00:00Z')),
      ).toBe('hours');
    });
  });

  describe('paid only by its payment methods', () => {
    it('refuses a method it does not take', () => {
      expect(whyNotOnSale(offer(), TIJUANA.id, at('2026-03-03T20:00:00Z'), 'Puntos')).toBe(
        'payment',
      );
      expect(isOnSale(offer(), TIJUANA.id, at('2026-03-03T20:00:00Z'), 'Tarjeta de crédito')).toBe(
        true,
      );
    });
    it('leaves the method out when the caller does not know it yet (what is on sale now)', () => {
      expect(isOnSale(offer(), TIJUANA.id, at('2026-03-03T20:00:00Z'))).toBe(true);
      expect(isOnSale(offer(), TIJUANA.id, at('2026-03-03T20:00:00Z'), null)).toBe(true);
    });
    it('says the first reason: an offer of another branch is "branch", whatever the method', () => {
      expect(
        whyNotOnSale(
          offer({ branches: [CANCUN] }),
          TIJUANA.id,
          at('2026-03-03T20:00:00Z'),
          'Puntos',
        ),
      ).toBe('branch');
    });
  });
});

describe('offerRuleProblems (spec 002 §5)', () => {
  it('requires the dates when limited in time, the start not after the end', () => {
    expect(offerRuleProblems({ type: 'Promotion', validBySchedule: true })).toEqual([
      { field: 'startDate', message: 'El campo Fecha de inicio es obligatorio' },
      { field: 'endDate', message: 'El campo Fecha de fin es obligatorio' },
    ]);
    expect(
      offerRuleProblems({
        type: 'Promotion',
        validBySchedule: true,
        startDate: '2026-02-02',
        endDate: '2026-02-01',
      }),
    ).toEqual([
      { field: 'endDate', message: 'La fecha de fin no puede ser anterior a la fecha de inicio' },
    ]);
    expect(
      offerRuleProblems({
        type: 'Promotion',
        validBySchedule: true,
        startDate: '2026-02-01',
        endDate: '2026-02-01',
      }),
    ).toEqual([]);
  });
  it('requires the times when limited by hours, the start before the end', () => {
    expect(offerRuleProblems({ type: 'Promotion', validByTime: true, endTime: '12:00' })).toEqual([
      { field: 'startTime', message: 'El campo Hora de inicio es obligatorio' },
    ]);
    expect(
      offerRuleProblems({
        type: 'Promotion',
        validByTime: true,
        startTime: '12:00',
        endTime: '12:00',
      }),
    ).toEqual([
      { field: 'endTime', message: 'La hora de fin debe ser posterior a la hora de inicio' },
    ]);
  });
  it('asks sessions of every package line and of no promotion line; a treatment once', () => {
    expect(
      offerRuleProblems({
        type: 'Package',
        treatmentPackage: [
          { treatmentId: 1, sessions: 3 },
          { treatmentId: 2 },
          { treatmentId: 1, sessions: 1 },
        ],
      }),
    ).toEqual([
      { field: 'treatmentPackage.1.sessions', message: 'El campo Sesiones es obligatorio' },
      { field: 'treatmentPackage.2.treatmentId', message: 'El tratamiento está repetido' },
    ]);
    expect(
      offerRuleProblems({ type: 'Promotion', treatmentPackage: [{ treatmentId: 1, sessions: 2 }] }),
    ).toEqual([
      { field: 'treatmentPackage.0.sessions', message: 'Las promociones no llevan sesiones' },
    ]);
  });
});

describe('offerBody (spec 002 §5)', () => {
  const valid = {
    type: 'Package',
    sku: 'PQ-01',
    name: 'Paquete facial',
    description: 'Tres limpiezas',
    treatmentTypeId: 2,
    categoryId: 1,
    points: 10,
    cabainTime: '01:00',
    branchesIds: [2],
    paymentType: ['Efectivo'],
    validBySchedule: 0,
    validByTime: 0,
    treatmentPackage: [
      {
        treatmentId: 1,
        areasIds: [1],
        sessions: 3,
        limit: 1,
        regularPrice: 900,
        promotionPrice: 700,
      },
    ],
  };
  const fields = (body: unknown) =>
    offerBody.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('accepts a package with one line', () => {
    expect(offerBody.safeParse(valid).success).toBe(true);
  });
  it('bounds the SKU to 4–12 characters', () => {
    expect(fields({ ...valid, sku: 'PQ1' })).toEqual([
      ['sku', 'El campo SKU requiere mínimo 4 caracteres'],
    ]);
    expect(fields({ ...valid, sku: 'PQ-1234567890' })).toEqual([
      ['sku', 'El campo SKU admite máximo 12 caracteres'],
    ]);
  });
  it('asks limit ≥ 1 and sessions ≥ 1, and areas on every line', () => {
    const line = { ...valid.treatmentPackage[0], sessions: 0, limit: 0, areasIds: [] };
    expect(fields({ ...valid, treatmentPackage: [line] })).toEqual([
      ['treatmentPackage.0.areasIds', 'El campo Áreas es obligatorio'],
      ['treatmentPackage.0.sessions', 'El campo Sesiones debe ser mayor o igual a 1'],
      ['treatmentPackage.0.limit', 'El campo Límite debe ser mayor o igual a 1'],
    ]);
  });
  it('refuses price and regularPrice sent by the client: they are computed', () => {
    expect(fields({ ...valid, price: 1 })?.[0]?.[0]).toBe('');
  });
  it('asks a payment method of the list and a cabin time in 30-minute steps', () => {
    expect(fields({ ...valid, paymentType: [], cabainTime: '00:45' })).toEqual([
      ['cabainTime', 'El campo Tiempo de cabina va en pasos de 30 minutos'],
      ['paymentType', 'El campo Tipo de pago es obligatorio'],
    ]);
    expect(fields({ ...valid, paymentType: ['Bitcoin'] })).toEqual([
      ['paymentType.0', 'El campo Tipo de pago tiene un valor no permitido'],
    ]);
  });
});
