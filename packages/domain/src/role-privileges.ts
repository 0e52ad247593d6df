import {
  RESOURCES,
  RESOURCE_KEYS,
  ROLE_KEYS,
  type Action,
  type Privileges,
  type Resource,
  type RoleKey,
} from './privileges';

/** The default privilege map of each role (spec 000 §6, CONTRACT §5), seeded into the database. */

const all = (resource: Resource): Action[] => [...RESOURCES[resource].actions];
const read: Action[] = ['view', 'show'];
const readReports: Action[] = ['view', 'show', 'reports'];

function everything(): Privileges {
  return Object.fromEntries(RESOURCE_KEYS.map((key) => [key, all(key)])) as Privileges;
}

/** The agenda work that medics and cosmetologists do every day. */
const clinicalWork: Privileges = {
  agenda: ['view', 'show', 'create', 'edit'],
  dairy: ['view', 'show', 'create', 'edit'],
  appointment: ['view', 'show', 'create', 'edit'],
  blockers: read,
  clients: ['view', 'show', 'create', 'edit', 'note'],
  treatments: read,
  packages: read,
  promotions: read,
  products: read,
  inventory: read,
};

/** What a branch runs day to day: agenda, customers, sales, cash, stock requests. */
const branchOperations: Privileges = {
  branch: read,
  users: read,
  cabain: ['view', 'show', 'create', 'edit'],
  cabain_types: read,
  category: read,
  agenda: all('agenda'),
  dairy: all('dairy'),
  appointment: all('appointment'),
  blockers: all('blockers'),
  clients: all('clients'),
  loyalty_system: read,
  members: readReports,
  miss_you: readReports,
  treatments: read,
  packages: read,
  promotions: read,
  products: read,
  appliances: ['view', 'show', 'create', 'edit'],
  coupons: read,
  inventory: ['view', 'show', 'reports', 'adjustment'],
  // edit: the branch confirms what it received (spec 001 §4: a branch manager may edit an
  // approved but unfinished order); delete: withdraws its own request while still in process
  // (/resurtidos); approving stays with logistics.
  assortmentOrder: ['view', 'show', 'create', 'edit', 'delete', 'reports'],
  transfers: ['view', 'show', 'create', 'edit', 'reports'],
  // create: the point of sale sells treatments, packages and promotions (CONTRACT §12).
  sales: ['view', 'show', 'create', 'refund', 'reports'],
  cashClosing: all('cashClosing'),
  medic_comission: readReports,
  cosmetologic_comission: readReports,
  goal: read,
  history: read,
  reports: ['view', 'reports'],
};

/** `waitlist` (CONTRACT §15) is granted as `agenda` is (so is migration 0035 to stored roles). */
const withWaitlist = (maps: Record<RoleKey, Privileges>) =>
  Object.fromEntries(
    ROLE_KEYS.map((key) => {
      const actions = maps[key].agenda?.filter((a) => all('waitlist').includes(a));
      return [key, actions?.length ? { ...maps[key], waitlist: actions } : maps[key]];
    }),
  ) as Record<RoleKey, Privileges>;

/** The default privilege map of each role, seeded into the database. */
export const DEFAULT_PRIVILEGES: Record<RoleKey, Privileges> = withWaitlist({
  superAdmin: everything(),
  logisticsManager: {
    branch: read,
    category: read,
    products: ['view', 'show', 'create', 'edit', 'delete', 'reports'],
    treatments: read,
    providers: all('providers'),
    appliances: all('appliances'),
    purchaseOrder: all('purchaseOrder'),
    saleOrder: all('saleOrder'),
    assortmentOrder: all('assortmentOrder'),
    inventory: all('inventory'),
    transfers: all('transfers'),
    history: readReports,
    reports: ['view', 'reports'],
  },
  branchManager: {
    ...branchOperations,
    users: ['view', 'show', 'create', 'edit', 'reports'],
    // Sets its clinic's monthly goals; the server keeps it to its own branch (spec 002 §6).
    goal: ['view', 'show', 'create', 'edit', 'delete'],
  },
  operationalManager: branchOperations,
  franchisee: {
    branch: read,
    users: read,
    cabain: read,
    agenda: read,
    dairy: read,
    appointment: readReports,
    clients: readReports,
    members: readReports,
    miss_you: readReports,
    inventory: readReports,
    assortmentOrder: ['view', 'show', 'create', 'reports'],
    transfers: readReports,
    sales: readReports,
    cashClosing: readReports,
    medic_comission: readReports,
    cosmetologic_comission: readReports,
    goal: read,
    Rentability: ['view', 'reports'],
    reports: ['view', 'reports'],
    history: read,
  },
  medic: { ...clinicalWork, medic_comission: read },
  cosmetologist: { ...clinicalWork, cosmetologic_comission: read },
});
