import { describe, expect, it } from 'vitest';
import { providerBody } from './catalogue';

/** The provider form and the API share these rules, so the browser says what the server says. */
const messagesOf = (field: 'rfc' | 'zipCode', value: unknown) =>
  providerBody.shape[field].safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('provider RFC and zip code (spec 001 §5, §8)', () => {
  it.each(['FBA200101AB12', 'FBA200101AB1XYZW', 'FBA2001', 'FBA201301AB1'])(
    "answers 'RFC Inválido' for %s",
    (rfc) => {
      expect(messagesOf('rfc', rfc)).toEqual(['RFC Inválido']);
    },
  );

  it('takes a company RFC (12) or a person RFC (13), in capitals', () => {
    expect(providerBody.shape.rfc.parse('fba200101ab1')).toBe('FBA200101AB1');
    expect(providerBody.shape.rfc.parse('MERL850412QK3')).toBe('MERL850412QK3');
  });

  it.each(['123456', '22A00', '22 000'])(
    "answers 'Longitud inválida' for the zip code %s",
    (zip) => {
      expect(messagesOf('zipCode', zip)).toEqual(['Longitud inválida']);
    },
  );

  it('takes up to 5 digits, and reads an empty zip code as none', () => {
    expect(providerBody.shape.zipCode.parse('22000')).toBe('22000');
    expect(providerBody.shape.zipCode.parse('')).toBeNull();
  });
});
