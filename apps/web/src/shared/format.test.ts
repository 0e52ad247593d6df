import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney as printedMoney } from '@clinica/domain';
import {
  formatContent,
  formatDateTime,
  formatLocalDate,
  formatLongDate,
  formatMoney,
  formatQuantity,
  setBranchTimeZone,
  timeZoneName,
  todayInBranch,
} from './format';

afterEach(() => setBranchTimeZone(null));

describe('formatting (es-MX, branch time zone)', () => {
  it('shows money with a dollar sign, thousands separators and two decimals', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney('99.9')).toBe('$99.90');
    expect(formatMoney(1_000_000)).toBe('$1,000,000.00');
    expect(formatMoney(null)).toBe('');
  });

  it("writes money with the one formatter the printed documents use (the domain's)", () => {
    expect(formatMoney).toBe(printedMoney);
  });

  it('shows instants in America/Tijuana by default', () => {
    // 02:30 UTC on 21 Nov is 18:30 the day before in Tijuana (UTC-8 in winter).
    expect(formatDateTime('2026-11-21T02:30:00.000Z')).toBe('20-11-2026 18:30');
    expect(todayInBranch(new Date('2026-11-21T02:30:00.000Z'))).toBe('2026-11-20');
  });

  it('names a time zone as the branch form does (spec 000 §9)', () => {
    expect(timeZoneName()).toBe('Tiempo del Noroeste');
    setBranchTimeZone('America/Cancun');
    expect(timeZoneName()).toBe('Tiempo del Sureste');
    expect(timeZoneName('America/Mexico_City')).toBe('Tiempo del Centro');
    expect(timeZoneName('America/Mazatlan')).toBe('Tiempo del Pacífico');
    expect(timeZoneName('Europe/Madrid')).toBe('Europe/Madrid');
  });

  it('follows the branch time zone when it is another one', () => {
    setBranchTimeZone('America/Cancun');
    expect(formatDateTime('2026-11-21T02:30:00.000Z')).toBe('20-11-2026 21:30');
  });

  it('shows branch-local dates as they are, without moving them between zones', () => {
    expect(formatLocalDate('2026-01-01')).toBe('01-01-2026');
  });

  it('writes long dates in Spanish', () => {
    expect(formatLongDate(new Date('2026-11-21T20:00:00.000Z'))).toBe(
      'sábado, 21 de noviembre de 2026',
    );
  });
});

describe('quantities and contents in natural Spanish', () => {
  it('shows quantities without needless decimals', () => {
    expect(formatQuantity(30)).toBe('30');
    expect(formatQuantity(1.5)).toBe('1.5');
    expect(formatQuantity(1250)).toBe('1,250');
  });

  it('says what a product holds as staff would say it', () => {
    expect(formatContent(100, 'pza', 'Caja')).toBe('1 caja de 100 piezas');
    expect(formatContent(10, 'ml', 'Vial')).toBe('1 vial de 10 ml');
    expect(formatContent(1.5, 'ml', 'Jeringuilla')).toBe('1 jeringuilla de 1.5 ml');
    expect(formatContent(30, 'ml', 'Pieza')).toBe('30 ml');
    expect(formatContent(1, 'pza', 'Pieza')).toBe('1 pieza');
    expect(formatContent(1, 'ud', 'Paquete')).toBe('1 paquete de 1 unidad');
  });
});
