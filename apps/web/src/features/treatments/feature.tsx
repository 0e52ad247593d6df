import { MedicineBoxOutlined } from '@ant-design/icons';
import { defineFeature } from '../../shared/feature';

/** `/dashboard/tratamientos`. */
export const treatmentsFeature = defineFeature({
  path: 'tratamientos',
  label: 'Tratamientos',
  privilege: 'treatments',
  page: async () => (await import('./TreatmentsPage')).TreatmentsPage,
  record: async () => (await import('./TreatmentFormPage')).TreatmentFormPage,
  nav: {
    group: 'Catálogo',
    icon: <MedicineBoxOutlined />,
    description: 'Tratamientos médicos y cosmetológicos: precio, duración, áreas y productos.',
  },
});
