import type { FastifyPluginAsync } from 'fastify';
import {
  applianceRoutes,
  branchApplianceRoutes,
  catalogueLookupRoutes,
  providerRoutes,
  treatmentRoutes,
} from '@clinica/domain';
import { serve, serveCrud } from '../../platform/routes';
import { applianceService } from './appliance.service';
import { branchApplianceService } from './branch-appliance.service';
import * as lookups from './lookups';
import { providerService } from './provider.service';
import { treatmentService } from './treatment.service';

/** Providers, treatments, appliances and the catalogue's lookups (spec 001 §2–§9, 002 §3–§7). */
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  serveCrud(app, providerRoutes, providerService);
  serveCrud(app, treatmentRoutes, treatmentService);
  serveCrud(app, applianceRoutes, applianceService);
  serveCrud(app, branchApplianceRoutes, branchApplianceService);

  serve(app, catalogueLookupRoutes.areas, (ctx, { query }) =>
    lookups.listAreas(ctx, query.treatmentTypeId),
  );
  serve(app, catalogueLookupRoutes.consents, (ctx) => lookups.listConsents(ctx));
  serve(app, catalogueLookupRoutes.consent, (ctx, { params }) =>
    lookups.getConsent(ctx, params.id),
  );
  serve(app, catalogueLookupRoutes.productType, (ctx, { params }) =>
    lookups.getProductType(ctx, params.id),
  );
};
