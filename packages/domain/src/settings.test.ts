import { describe, expect, it } from 'vitest';
import { dollarsToPesos, rateInForce } from './settings';
import { settingUpdateBody } from './schemas/settings';

const at = (iso: string) => new Date(iso);
const history = [
  { exchangeRate: 17.5, effectiveFrom: at('1970-01-01T00:00:00Z') },
  { exchangeRate: 18.1234, effectiveFrom: at('2026-10-01T15:00:00Z') },
  { exchangeRate: 17.9, effectiveFrom: at('2026-11-10T18:30:00Z') },
];

describe('the rate in force at an instant (a past sale reads the rate it used)', () => {
  it('is the last one that took effect at or before it', () => {
    expect(rateInForce(history, at('2026-10-15T00:00:00Z'))?.exchangeRate).toBe(18.1234);
    expect(rateInForce(history, at('2026-11-10T18:30:00Z'))?.exchangeRate).toBe(17.9);
    expect(rateInForce(history, at('2026-11-10T18:29:59.999Z'))?.exchangeRate).toBe(18.1234);
    expect(rateInForce(history, at('2030-01-01T00:00:00Z'))?.exchangeRate).toBe(17.9);
  });

  it('does not depend on the order the history comes in', () => {
    expect(rateInForce([...history].reverse(), at('2026-10-15T00:00:00Z'))?.exchangeRate).toBe(
      18.1234,
    );
  });

  it('before the first rate, the first; with none, null', () => {
    expect(rateInForce(history.slice(1), at('2020-01-01T00:00:00Z'))?.exchangeRate).toBe(18.1234);
    expect(rateInForce([], at('2020-01-01T00:00:00Z'))).toBeNull();
  });
});

describe('dollars to pesos', () => {
  it('multiplies exactly and rounds to the cent', () => {
    expect(dollarsToPesos(100, 17.1234)).toBe(1712.34);
    expect(dollarsToPesos(0.1, 18.1255)).toBe(1.81);
    expect(dollarsToPesos(19.99, 17.5)).toBe(349.83);
  });
});

describe('settings body (exchange rate > 0 with four decimals)', () => {
  const issue = (body: unknown) => settingUpdateBody.safeParse(body).error?.issues[0]?.message;

  it('accepts a rate with up to four decimals and a known payment process', () => {
    expect(
      settingUpdateBody.safeParse({
        exchangeRate: 17.1234,
        paymentProcessType: 'gateway',
        cosmetologyCommissionPercent: 12.5,
      }).success,
    ).toBe(true);
  });

  it.each([
    [{ exchangeRate: 0 }, 'El tipo de cambio debe ser mayor a 0'],
    [{ exchangeRate: -1 }, 'El tipo de cambio debe ser mayor a 0'],
    [{ exchangeRate: 17.12345 }, 'El campo Tipo de cambio admite máximo cuatro decimales'],
    [{ exchangeRate: '17' }, 'El campo Tipo de cambio debe ser un número'],
    [
      { paymentProcessType: 'cash' },
      'El campo Tipo de proceso de pago tiene un valor no permitido',
    ],
    [
      { cosmetologyCommissionPercent: 101 },
      'El campo Comisión de cosmetología (%) debe ser menor o igual a 100',
    ],
    [{ id: 1 }, undefined],
  ])('refuses %o', (body, message) => {
    expect(settingUpdateBody.safeParse(body).success).toBe(false);
    if (message) expect(issue(body)).toBe(message);
  });
});
