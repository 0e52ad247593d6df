import { describe, expect, it } from 'vitest';
import { applianceBody, cabinTypeBody, categoryBody, providerBody } from '@clinica/domain';
import { z } from 'zod';
import { fieldInfo } from './fieldInfo';

describe('a form field reads its label, length and required flag from the schema', () => {
  it('reads a required text', () => {
    expect(fieldInfo(categoryBody, 'name')).toEqual({
      label: 'Nombre',
      maxLength: 80,
      required: true,
    });
  });

  it('unwraps .optional() and z.preprocess around an optional text', () => {
    expect(fieldInfo(providerBody, 'address')).toEqual({
      label: 'Dirección',
      maxLength: 50,
      required: false,
    });
    expect(fieldInfo(applianceBody, 'description')).toMatchObject({ maxLength: 500 });
  });

  it('finds the label inside a .transform().pipe() and a .pipe() chain', () => {
    expect(fieldInfo(providerBody, 'rfc')).toEqual({
      label: 'RFC',
      maxLength: undefined,
      required: true,
    });
    expect(fieldInfo(providerBody, 'clabeAccount')).toEqual({
      label: 'CLABE',
      maxLength: 18,
      required: false,
    });
    expect(fieldInfo(cabinTypeBody, 'color').label).toBe('Color');
  });

  it('has no label for a schema no builder made, and still knows it is required', () => {
    expect(fieldInfo(z.object({ type: z.enum(['a', 'b']) }), 'type')).toEqual({
      label: undefined,
      maxLength: undefined,
      required: true,
    });
  });
});
