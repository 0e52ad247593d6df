import { describe, expect, it } from 'vitest';
import { auditFieldLabels } from './audit-labels';

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
    expect(auditFieldLabels('nothing')).toEqual({ status: 'Estatus' });
  });
});
