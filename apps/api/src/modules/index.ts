import type { FastifyPluginAsync } from 'fastify';
import { roleRoutes } from './access/role.routes';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { lookupRoutes } from './lookups/lookup.routes';
import { branchRoutes } from './organization/branch.routes';
import { catalogueModule } from './catalogue';
import { purchaseOrderRoutesPlugin } from './inventory/purchase-order.routes';
import { stockModule } from './inventory/stock.routes';
import { organizationRoutes } from './organization/organization.routes';
import { transferRoutesPlugin } from './stock-flows/transfer.routes';
import { assortmentOrderRoutesPlugin } from './stock-flows/assortment-order.routes';
import { systemRoutes } from './system/system.routes';
import { attendanceRoutes } from './users/attendance.routes';
import { userRoutes } from './users/user.routes';

/** Every module of the /v1 API. A new area adds its routes here. */
export const registerModules: FastifyPluginAsync = async (app) => {
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(roleRoutes);
  await app.register(lookupRoutes);
  await app.register(auditRoutes);
  await app.register(attendanceRoutes);
  await app.register(userRoutes);
  await app.register(branchRoutes);
  await app.register(organizationRoutes);
  await app.register(catalogueModule);
  await app.register(purchaseOrderRoutesPlugin);
  await app.register(stockModule);
  await app.register(transferRoutesPlugin);
  await app.register(assortmentOrderRoutesPlugin);
};
