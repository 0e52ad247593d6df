import { z } from 'zod';
import {
  applianceRecord,
  areaRecord,
  branchRecord,
  cabinTypeRecord,
  categoryRoutes,
  color,
  consentRecord,
  jobPosition,
  listOf,
  productRecord,
  productType,
  providerRecord,
  treatmentType,
} from '@clinica/domain';
import { endpoint } from '../api/client';

/**
 * The calls behind the lookups: the domain's route table where the resource has one, else the
 * read-only lookup paths (`modules/lookups` on the API).
 */
export const lookupEndpoints = {
  productTypes: endpoint({ method: 'GET', path: '/product-type', answer: z.array(productType) }),
  treatmentTypes: endpoint({
    method: 'GET',
    path: '/treatment-type',
    answer: z.array(treatmentType),
  }),
  jobPositions: endpoint({ method: 'GET', path: '/job-position', answer: z.array(jobPosition) }),
  colors: endpoint({ method: 'GET', path: '/color', answer: z.array(color) }),
  areas: endpoint({ method: 'GET', path: '/area', answer: z.array(areaRecord) }),
  consents: endpoint({ method: 'GET', path: '/consent', answer: z.array(consentRecord) }),
  categories: categoryRoutes.list,
  branches: endpoint({ method: 'GET', path: '/branch', answer: listOf(branchRecord) }),
  cabinTypes: endpoint({ method: 'GET', path: '/cabain-type', answer: listOf(cabinTypeRecord) }),
  providers: endpoint({ method: 'GET', path: '/provider', answer: listOf(providerRecord) }),
  products: endpoint({ method: 'GET', path: '/product', answer: listOf(productRecord) }),
  appliances: endpoint({ method: 'GET', path: '/appliance', answer: listOf(applianceRecord) }),
};
