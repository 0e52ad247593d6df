import type { AgendaDay, AppointmentRecord } from '@clinica/domain';

/** A branch day and appointments for the agenda's tests. */

export const DAY: AgendaDay = {
  branch: { id: 2, name: 'Polanco', zone: 'America/Mexico_City' },
  date: '2026-11-24',
  today: '2026-11-24',
  now: '10:10',
  hours: { opening: '09:00', closing: '12:00' },
  cabins: [
    {
      id: 11,
      name: 'Cabina 1',
      type: { id: 1, name: 'Médica', color: '#1d4ed8' },
      hours: { opening: '09:00', closing: '12:00' },
    },
    {
      id: 12,
      name: 'Cabina 2',
      type: { id: 2, name: 'Facial', color: '#db2777' },
      hours: { opening: '10:00', closing: '12:00' },
    },
  ],
  locks: [
    {
      id: 5,
      type: 'hours_range',
      reason: 'comida',
      reasonDescription: 'Comida del equipo',
      cabainId: 12,
      cabain: { id: 12, name: 'Cabina 2' },
      time: ['11:00', '12:00'],
      date: '2026-11-24',
      days: [],
      recurrent: false,
      branchId: 2,
      branch: { id: 2, name: 'Polanco' },
      user: null,
      created_at: '2026-11-20T18:00:00.000Z',
      windows: [{ startTime: '11:00', endTime: '12:00' }],
    },
  ],
};

/** An appointment as the detail reads it, with the day view's own flag (so it serves both). */
type TestAppointment = AppointmentRecord & {
  reminderFailed: boolean;
  holdExpiresAt: string | null;
};

export function appointment(overrides: Partial<TestAppointment> = {}): TestAppointment {
  return {
    reminderFailed: false,
    seriesId: null,
    holdExpiresAt: null,
    id: 101,
    appointmentNumber: 7001,
    date: '2026-11-24',
    startTime: '10:30',
    endTime: '11:30',
    term: '01:00',
    appointmentType: 'Médico',
    appointmentMethod: 'Cita presencial',
    appointmentOption: 'newTreatments',
    status: 'scheduled',
    confirmMethod: null,
    confirmedBy: null,
    confirmedAt: null,
    observations: null,
    paymentMethods: [],
    paymentReference: null,
    changes: 0,
    branch: { id: 2, name: 'Polanco' },
    cabain: { id: 11, name: 'Cabina 1', type: { id: 1, name: 'Médica', color: '#1d4ed8' } },
    customer: {
      id: 40,
      customerId: 1040,
      name: 'Ana',
      lastName: 'López',
      motherLastName: null,
      mobilePhone: '5512345678',
      cancellations: 0,
      missedAppointments: 0,
      blackList: 0,
    },
    treatments: [
      { id: 3, name: 'Toxina botulínica', treatmentType: { id: 1, name: 'Médico' }, term: '01:00' },
    ],
    categories: [{ id: 1, name: 'Rostro' }],
    package: null,
    promotion: null,
    purchasedProduct: null,
    attendedBy: null,
    user: null,
    cancellations: [],
    created_at: '2026-11-20T18:00:00.000Z',
    updated_at: '2026-11-20T18:00:00.000Z',
    ...overrides,
  };
}

/** The customer's detail (`GET /customer/{id}/single?purchasedProducts=true`). */
export function customerDetail(overrides: Record<string, unknown> = {}) {
  return {
    id: 40,
    customerId: 1040,
    name: 'Ana',
    lastName: 'López',
    motherLastName: null,
    gender: null,
    birthday: '1990-01-01',
    phone: null,
    mobilePhone: '5512345678',
    email: null,
    maritalStatus: null,
    originCountry: null,
    reference: null,
    isTutor: 0,
    tutorId: null,
    tutor: null,
    relationship: null,
    status: true,
    blackList: 0,
    points: 0,
    cancellations: 0,
    missedAppointments: 0,
    loyaltyScale: 'bronze',
    registryBranch: { id: 2, name: 'Polanco' },
    created_at: '2026-11-20T18:00:00.000Z',
    deleted_at: null,
    purchasedProducts: [],
    ...overrides,
  };
}
