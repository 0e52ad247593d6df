import { branchEndpoints } from './branches';
import { catalogueEndpoints } from './catalogue';
import { organizationEndpoints } from './organization';
import { staffEndpoints } from './staff';

/**
 * The calls behind the lookups, each a route of the domain's route table, for a screen that asks
 * whether it may make one (`canCall`). Each lookup file declares its own, so that importing the
 * branches does not load the catalogue's routes.
 */
export const lookupEndpoints = {
  ...branchEndpoints,
  ...catalogueEndpoints,
  ...organizationEndpoints,
  ...staffEndpoints,
};
