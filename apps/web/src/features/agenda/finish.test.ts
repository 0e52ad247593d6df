import { describe, expect, it } from 'vitest';
import type { AppointmentFinishForm } from '@clinica/domain';
import {
  fieldsOfDetails,
  finishBody,
  initialValues,
  issuesOf,
  needsConsent,
  productLimits,
  type FinishValues,
} from './finish';

const lot = (stockId: number, productId: number, quantity: number) => ({
  stockId,
  productId,
  branchId: 1,
  sku: `P${productId}`,
  product: `Producto ${productId}`,
  allotment: `L${stockId}`,
  expiresIn: '2027-01-31',
  quantity,
});

function formWith(overrides: Partial<AppointmentFinishForm> = {}): AppointmentFinishForm {
  return {
    appointmentId: 7,
    purchasedProduct: {
      id: 3,
      sessions: 6,
      currentSession: 4,
      sessionsLeft: 2,
      consentSignedAt: null,
    },
    treatment: {
      id: 9,
      name: 'Depilación láser',
      treatmentType: { id: 1, name: 'Médico' },
      consent: true,
      consentDocument: { id: 2, name: 'Consentimiento láser' },
      areas: [
        { id: 10, name: 'Axila', place: 'Izquierda' },
        { id: 11, name: 'Axila', place: 'Derecha' },
      ],
      products: [{ productId: 50, sku: 'GEL', name: 'Gel', perSession: 2 }],
    },
    lots: [lot(100, 50, 5), lot(101, 50, 1), lot(200, 60, 9)],
    attendants: [{ id: 4, name: 'Dra. Ruiz' }],
    ...overrides,
  };
}

const values = (overrides: Partial<FinishValues> = {}): FinishValues => ({
  consent: true,
  attendedById: 4,
  sessions: [{ areasIds: [10] }],
  lines: [],
  ...overrides,
});

describe('the finish dialog', () => {
  it('asks for the consent first only when the treatment needs it and it is not signed (spec 002 §4)', () => {
    expect(needsConsent(formWith())).toBe(true);
    const signed = formWith();
    signed.purchasedProduct!.consentSignedAt = '2026-11-01T10:00:00Z';
    expect(needsConsent(signed)).toBe(false);
    expect(
      needsConsent(formWith({ treatment: { ...formWith().treatment!, consent: false } })),
    ).toBe(false);
    expect(issuesOf(values({ consent: false }), formWith()).get('consent')).toMatch(
      /consentimiento/,
    );
  });

  it('opens with one session and the appointment’s attendant only when the dialog offers them', () => {
    expect(initialValues(formWith(), 4)).toMatchObject({
      attendedById: 4,
      sessions: [{ areasIds: [] }],
    });
    expect(initialValues(formWith(), 99).attendedById).toBeNull();
    const none = formWith();
    none.purchasedProduct!.sessionsLeft = 0;
    expect(initialValues(none, 4).sessions).toEqual([]);
  });

  it('limits each product to its quantity per session times the sessions', () => {
    expect(productLimits(formWith(), 2)).toEqual([
      expect.objectContaining({ productId: 50, limit: 4 }),
    ]);
    expect(productLimits(formWith(), 0)[0]!.limit).toBe(2);
  });

  it('says what the server would: sessions left, areas per session, repeated lots, the limit over all lots', () => {
    const form = formWith();
    expect(issuesOf(values(), form).size).toBe(0);
    expect(issuesOf(values({ sessions: [] }), form).get('sessions')).toBe(
      'El campo Sesiones es obligatorio',
    );
    expect(
      issuesOf(
        values({ sessions: [{ areasIds: [10] }, { areasIds: [11] }, { areasIds: [10] }] }),
        form,
      ).get('sessions'),
    ).toBe('Solo quedan 2 sesiones del tratamiento');
    expect(
      issuesOf(values({ sessions: [{ areasIds: [] }] }), form).get('sessions.0.areasIds'),
    ).toBe('El campo Áreas es obligatorio');
    const overLimit = issuesOf(
      values({
        lines: [
          { stockId: 100, quantity: 2 },
          { stockId: 101, quantity: 1 },
        ],
      }),
      form,
    );
    expect(overLimit.get('stockIds.1.quantity')).toBe(
      'Se pueden usar hasta 2 unidades de este producto',
    );
    expect(
      issuesOf(values({ lines: [{ stockId: 200, quantity: 1 }] }), form).get('stockIds.0.stockId'),
    ).toBe('El producto no es del tratamiento');
  });

  it('puts the domain’s problems on the right line when an earlier line has no lot yet', () => {
    const issues = issuesOf(
      values({
        lines: [
          { stockId: null, quantity: 1 },
          { stockId: 200, quantity: 1 },
        ],
      }),
      formWith(),
    );
    expect(issues.get('stockIds.0.stockId')).toBe('El campo Lote es obligatorio');
    expect(issues.get('stockIds.1.stockId')).toBe('El producto no es del tratamiento');
  });

  it('refuses more units than the lot holds, and a missing attendant', () => {
    const issues = issuesOf(
      values({
        attendedById: null,
        sessions: [{ areasIds: [10] }, { areasIds: [11] }],
        lines: [{ stockId: 101, quantity: 3 }],
      }),
      formWith(),
    );
    expect(issues.get('stockIds.0.quantity')).toBe('El lote tiene 1 unidad');
    expect(issues.get('attendedById')).toBe('El campo Atiende es obligatorio');
  });

  it('sends the consent only when it was asked, and the lines as chosen', () => {
    const body = finishBody(values({ lines: [{ stockId: 100, quantity: 2 }] }), formWith());
    expect(body).toEqual({
      status: 'finished',
      attendedById: 4,
      sessions: [{ areasIds: [10] }],
      stockIds: [{ stockId: 100, quantity: 2 }],
      consent: true,
    });
    const signed = formWith();
    signed.purchasedProduct!.consentSignedAt = '2026-11-01T10:00:00Z';
    expect(finishBody(values(), signed).consent).toBeUndefined();
  });

  it('maps the server’s details onto the fields, a whole line onto its lot', () => {
    const fields = fieldsOfDetails([
      { field: 'stockIds.1', message: 'El lote no existe' },
      { field: 'sessions.0.areasIds', message: 'Las áreas de una sesión no se repiten' },
      { field: 'sessions.0.areasIds', message: 'segundo' },
    ]);
    expect(fields.get('stockIds.1.stockId')).toBe('El lote no existe');
    expect(fields.get('sessions.0.areasIds')).toBe('Las áreas de una sesión no se repiten');
  });
});
