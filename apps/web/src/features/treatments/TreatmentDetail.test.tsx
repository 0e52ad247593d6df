import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Treatment } from './api';
import { TreatmentDetail } from './TreatmentDetail';

const base: Treatment = {
  id: 1,
  sku: 'TOX-001',
  name: 'Toxina botulínica',
  description: 'Tercio superior',
  treatmentType: { id: 1, name: 'Médico' },
  categories: [],
  areas: [],
  appliances: [],
  photo: null,
  price: 4950,
  medicalFee: 750,
  points: 10,
  term: '01:30',
  termLabel: '1 h 30 min',
  assessment: 0,
  consent: 0,
  consentId: null,
  treatmentConsent: null,
  onlineBooking: false,
  active: 1,
  treatmentProduct: [],
  created_at: '2026-11-20T17:00:00.000Z',
  deleted_at: null,
};

describe('Comisión médica only where it applies (issue 11 item 10)', () => {
  it('shows a medical treatment’s commission as money', () => {
    render(<TreatmentDetail treatment={base} />);
    expect(screen.getByText('Comisión médica')).toBeTruthy();
    expect(screen.getByText('$750.00')).toBeTruthy();
  });

  it('says nothing of a commission on a cosmetic treatment', () => {
    render(
      <TreatmentDetail
        treatment={{
          ...base,
          treatmentType: { id: 2, name: 'Cosmetológico' },
          medicalFee: null,
        }}
      />,
    );
    expect(screen.queryByText(/Comisión/)).toBeNull();
  });
});
