import type { FeatureDef, NavGroupName } from '../shared/feature';
import {
  agendaFeature,
  appointmentLogFeature,
  appointmentsFeature,
  locksFeature,
} from '../features/agenda/feature';
import { appliancesFeature } from '../features/appliances/feature';
import { assortmentOrdersFeature, restocksFeature } from '../features/assortment-orders/feature';
import { attendanceFeature } from '../features/attendance/feature';
import { authScreens } from '../features/auth/feature';
import { branchAppliancesFeature } from '../features/branch-appliances/feature';
import { branchesFeature } from '../features/branches/feature';
import { cabinTypesFeature } from '../features/cabin-types/feature';
import { cabinsFeature } from '../features/cabins/feature';
import { categoriesFeature } from '../features/categories/feature';
import { goalsFeature } from '../features/goals/feature';
import { couponsFeature } from '../features/coupons/feature';
import { customersFeature } from '../features/customers/feature';
import {
  cosmetologyCommissionsFeature,
  medicCommissionsFeature,
} from '../features/commissions/feature';
import { cashSalesFeature } from '../features/cash-sales/feature';
import { cashClosingsFeature, productClosingsFeature } from '../features/cash-closings/feature';
import { loyaltySystemFeature, membersFeature, missYouFeature } from '../features/loyalty/feature';
import { historyFeature } from '../features/history/feature';
import { homeFeature } from '../features/home/feature';
import { inventoryFeature } from '../features/inventory/feature';
import { reportsFeature } from '../features/reports/feature';
import { productTypesFeature } from '../features/product-types/feature';
import { packagesFeature, promotionsFeature } from '../features/packages/feature';
import { productsFeature } from '../features/products/feature';
import { purchaseOrdersFeature } from '../features/purchase-orders/feature';
import { providersFeature } from '../features/providers/feature';
import { rolesFeature } from '../features/roles/feature';
import { settingsFeature } from '../features/settings/feature';
import { saleOrdersFeature } from '../features/sale-orders/feature';
import { appSalesFeature, onlineSalesFeature, posSalesFeature } from '../features/sales/feature';
import { staffFeature } from '../features/staff/feature';
import { transfersFeature } from '../features/transfers/feature';
import { treatmentsFeature } from '../features/treatments/feature';
import { waitlistFeature } from '../features/waitlist/feature';

/**
 * Every feature of the dashboard, each declared in its own `features/<name>/feature.tsx`. The
 * router makes their routes and the sidebar their entries, in this order within each group.
 */
export const FEATURES: FeatureDef[] = [
  homeFeature,
  // Staff, branches, cabins, cabin types and categories (spec 000 §2; issue 4).
  staffFeature,
  attendanceFeature,
  branchesFeature,
  cabinsFeature,
  cabinTypesFeature,
  categoriesFeature,
  // Products, product types, treatments, providers and appliances (spec 001 §2, 002 §2; issue 5).
  productsFeature,
  productTypesFeature,
  treatmentsFeature,
  providersFeature,
  appliancesFeature,
  branchAppliancesFeature,
  // Packages and promotions (spec 002 §2–§7; issue 14).
  packagesFeature,
  promotionsFeature,
  // Coupons (spec 002 §2–§9; issue 14).
  couponsFeature,
  // Purchase orders (spec 001 §2–§5; issue 12).
  purchaseOrdersFeature,
  // Sale orders to business customers (spec 001 §2–§5; issue 13).
  saleOrdersFeature,
  // Assortment orders CEDIS → branch, and the branch's restocks (spec 001 §2–§6; issue 13).
  assortmentOrdersFeature,
  restocksFeature,
  // Inventory: stock, adjustments, max/min (spec 001 §2, §4–§6; issue 12).
  inventoryFeature,
  // Monthly goals and settings (spec 002 §2, §7; issue 14).
  goalsFeature,
  settingsFeature,
  // Transfers between branches (spec 001 §2, §4–§6; issue 13).
  transfersFeature,
  // Customers (spec 002 §2–§8; issue 15).
  customersFeature,
  // Loyalty: levels, members and we-miss-you (spec 002 §2; issue 15).
  loyaltySystemFeature,
  membersFeature,
  missYouFeature,
  historyFeature,
  rolesFeature,
  // The agenda: grid, appointments, locks and their log (spec 002 §2–§9; issue 16).
  agendaFeature,
  appointmentsFeature,
  locksFeature,
  waitlistFeature,
  appointmentLogFeature,
  // Sales of treatments, packages and promotions, refunds and the point of sale (issue 25).
  posSalesFeature,
  appSalesFeature,
  onlineSalesFeature,
  // Products sold at the counter from the branch's lots (issue 26).
  cashSalesFeature,
  // Medical and cosmetology commissions (issue 27).
  medicCommissionsFeature,
  cosmetologyCommissionsFeature,
  // Daily cash closings, and the same with the counter sales' figures (issue 27).
  cashClosingsFeature,
  productClosingsFeature,
  // The owners' reports (spec 002 §9; issue 28).
  reportsFeature,
];

/** The sidebar's groups, in order; the ungrouped entries come first. */
export const NAV_GROUPS: (NavGroupName | null)[] = [
  null,
  'Organización',
  'Catálogo',
  'Inventario',
  'Agenda',
  'Clientes',
  'Ventas',
  'Administración',
];

export const PUBLIC_SCREENS = authScreens;
