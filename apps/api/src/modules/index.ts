import type { FastifyPluginAsync } from 'fastify';
import { roleRoutes } from './access/role.routes';
import { auditRoutes } from './audit/audit.routes';
import { authRoutes } from './auth/auth.routes';
import { lookupRoutes } from './lookups/lookup.routes';
import { branchRoutes } from './organization/branch.routes';
import { catalogueModule } from './catalogue';
import { couponRoutesPlugin } from './coupons/coupon.routes';
import { customerRoutesPlugin } from './customers/customer.routes';
import { orderRoutesPlugin } from './orders/order.routes';
import { cashOrderRoutesPlugin } from './cash-orders/cash-order.routes';
import { commissionRoutesPlugin } from './commissions/commission.routes';
import { cashClosingRoutesPlugin } from './cash-closings/cash-closing.routes';
import { loyaltyRoutesPlugin } from './loyalty/loyalty.routes';
import { purchaseOrderRoutesPlugin } from './inventory/purchase-order.routes';
import { stockModule } from './inventory/stock.routes';
import { organizationRoutes } from './organization/organization.routes';
import { packageRoutesPlugin } from './packages/package.routes';
import { transferRoutesPlugin } from './stock-flows/transfer.routes';
import { assortmentOrderRoutesPlugin } from './stock-flows/assortment-order.routes';
import { settingsGoalsRoutes } from './settings-goals/settings-goals.routes';
import { saleOrderRoutesPlugin } from './stock-flows/sale-order.routes';
import { systemRoutes } from './system/system.routes';
import { attendanceRoutes } from './users/attendance.routes';
import { userRoutes } from './users/user.routes';
import { agendaRoutesPlugin } from './agenda/agenda.routes';
import { onlineBookingRoutesPlugin } from './online-booking/online-booking.routes';
import { reminderRoutesPlugin } from './reminders/reminder.routes';
import { waitlistRoutesPlugin } from './waitlist/waitlist.routes';
import { sweepHolds } from './waitlist/waitlist-sweeper';
import { customerHistoryRoutes } from '../read/customer-history.routes';
import { reportActivityRoutesPlugin } from '../read/reports/activity.routes';
import { reportMoneyRoutesPlugin } from '../read/reports/money.routes';
import { reportStockRoutesPlugin } from '../read/reports/stock.routes';
import { homeRoutesPlugin } from '../read/home.routes';

/**
 * Every module of the /v1 API, and the read side's routes (src/read). A new area adds its routes
 * here.
 */
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
  await app.register(settingsGoalsRoutes);
  await app.register(packageRoutesPlugin);
  await app.register(couponRoutesPlugin);
  await app.register(saleOrderRoutesPlugin);
  await app.register(customerRoutesPlugin);
  await app.register(customerHistoryRoutes);
  await app.register(orderRoutesPlugin);
  await app.register(cashOrderRoutesPlugin);
  await app.register(commissionRoutesPlugin);
  await app.register(cashClosingRoutesPlugin);
  await app.register(agendaRoutesPlugin);
  await app.register(onlineBookingRoutesPlugin);
  // The sender's job also sweeps the waitlist's expired holds, under its lock (CONTRACT §15).
  await app.register(reminderRoutesPlugin, { sweep: sweepHolds });
  await app.register(waitlistRoutesPlugin);
  await app.register(loyaltyRoutesPlugin);
  await app.register(reportActivityRoutesPlugin);
  await app.register(reportMoneyRoutesPlugin);
  await app.register(reportStockRoutesPlugin);
  await app.register(homeRoutesPlugin);
};
