import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AUDIT_HIDDEN_FIELDS,
  auditFieldLabels,
  auditMoneyFields,
  auditValueLabel,
  auditedBodyKeys,
} from './audit-labels';
import * as tables from './routes';

describe('the history’s field labels come from the body schemas (issue 11 item 5)', () => {
  it('names a provider’s and a product’s fields in Spanish', () => {
    expect(auditFieldLabels('providers').tradename).toBe('Nombre comercial');
    expect(auditFieldLabels('providers').deliveryTime).toBe('Tiempo de entrega');
    expect(auditFieldLabels('products').cost).toBe('Costo');
    expect(auditFieldLabels('products').providersIds).toBe('Proveedores');
  });

  it('names nested fields of the employee file by their dotted path', () => {
    const labels = auditFieldLabels('users');
    expect(labels['kardex.employeeNumber']).toBe('Número de empleado');
    expect(labels.username).toBeTruthy();
  });

  it('knows nothing of an unknown module', () => {
    expect(auditFieldLabels('nothing').tradename).toBeUndefined();
    expect(auditFieldLabels('nothing').status).toBe('Estatus');
  });
});

describe('every field a route writes has its Spanish label in the history (issue 11 item 5)', () => {
  it('walks the body of every route that writes a module: no key without a label', () => {
    const missing: string[] = [];
    for (const [module, keys] of Object.entries(auditedBodyKeys())) {
      const labels = auditFieldLabels(module);
      for (const key of keys) if (!labels[key]) missing.push(`${module}.${key}`);
    }
    expect(missing).toEqual([]);
  });
});

describe('every field of a record a creation copies has its label (issue 11 item 5)', () => {
  it('walks the detail answer of every resource: each field named or hidden as derived', () => {
    const missing: string[] = [];
    for (const [name, table] of Object.entries(tables)) {
      if (!name.endsWith('Routes') || typeof table !== 'object' || table === null) continue;
      const get = (table as { get?: { access: unknown; answer: z.ZodType; path: string } }).get;
      if (!get || typeof get.access !== 'object' || get.access === null) continue;
      if (!('privilege' in get.access)) continue;
      const resource = (get.access as { privilege: { resource: string } }).privilege.resource;
      const module = get.path.startsWith('/branch-appliance') ? 'branch_appliance' : resource;
      const shape = (get.answer as unknown as { _zod: { def: { shape?: object } } })._zod.def.shape;
      const labels = auditFieldLabels(module);
      for (const key of Object.keys(shape ?? {})) {
        if (!labels[key] && !AUDIT_HIDDEN_FIELDS.has(key)) missing.push(`${module}.${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the history shows a percentage as the form does (review of issue 13)', () => {
  it('reads a product’s IVA as "16 %", and its financial percentages likewise', () => {
    expect(auditValueLabel('products', 'tax', 16)).toBe('16 %');
    expect(auditValueLabel('products', 'profitPorcentage', 35.5)).toBe('35.5 %');
    expect(auditMoneyFields('products').has('tax')).toBe(false);
  });

  it('leaves the tax of a purchase order an amount of pesos, not a percentage', () => {
    expect(auditValueLabel('purchaseOrder', 'tax', 160)).toBe(160);
    expect(auditMoneyFields('purchaseOrder').has('tax')).toBe(true);
  });
});
