import { describe, expect, it } from 'vitest';
import { chargePath } from './AppointmentActions';
import { appointment } from './fixtures';

describe("'Cobrar' from the agenda (CONTRACT §12 'Charging an appointment')", () => {
  it('opens the point of sale with the appointment, its customer, branch and treatment', () => {
    const a = appointment({ status: 'scheduled', purchasedProduct: null });
    const path = chargePath(a)!;
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/dashboard/ventas-en-sucursal/nueva');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appointmentId: String(a.id),
      customerId: String(a.customer.id),
      branchId: String(a.branch.id),
      treatmentId: String(a.treatments[0]!.id),
      treatment: a.treatments[0]!.name,
    });
    expect(chargePath({ ...a, status: 'inProcess' })).toBe(path);
  });

  it('is not offered once paid, nor for a finished, cancelled or missed appointment', () => {
    const paid = appointment({
      status: 'inProcess',
      purchasedProduct: {
        id: 1,
        sessions: 1,
        currentSession: 0,
        status: 'onProcess',
        treatment: { id: 1, name: 'Facial' },
      },
    });
    expect(chargePath(paid)).toBeNull();
    for (const status of ['finished', 'cancelled', 'absence'] as const)
      expect(chargePath(appointment({ status, purchasedProduct: null }))).toBeNull();
  });
});
