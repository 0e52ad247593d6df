import {
  applianceRoutes,
  branchRoutes,
  cabinTypeRoutes,
  catalogueLookupRoutes,
  categoryRoutes,
  lookupRoutes,
  productRoutes,
  providerRoutes,
  roleRoutes,
  auditRoutes,
  staffRoutes,
} from '@clinica/domain';

/** The calls behind the lookups, each a route of the domain's route table. */
export const lookupEndpoints = {
  productTypes: lookupRoutes.productTypes,
  treatmentTypes: lookupRoutes.treatmentTypes,
  jobPositions: lookupRoutes.jobPositions,
  colors: lookupRoutes.colors,
  areas: catalogueLookupRoutes.areas,
  consents: catalogueLookupRoutes.consents,
  categories: categoryRoutes.list,
  branches: branchRoutes.list,
  cabinTypes: cabinTypeRoutes.list,
  providers: providerRoutes.list,
  products: productRoutes.list,
  appliances: applianceRoutes.list,
  roles: roleRoutes.list,
  modules: roleRoutes.modules,
  auditLog: auditRoutes.list,
  staff: staffRoutes.list,
};
