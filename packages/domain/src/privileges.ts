/**
 * Roles, resource keys and actions (spec 000 §6, 001 §6, 002 §6; CONTRACT §5).
 * Privileges are a map from resource key to the action keys a role holds. The keys are the
 * specification's own (`cabain`, `Rentability`, `medic_comission`), since the session token
 * carries them to every client.
 */

export const ACTIONS = [
  'view',
  'show',
  'create',
  'edit',
  'delete',
  'approve',
  'refund',
  'reports',
  'adjustment',
  'maxmin',
  'note',
  'unban',
] as const;
export type Action = (typeof ACTIONS)[number];

export const actionLabels: Record<Action, string> = {
  view: 'Ver',
  show: 'Detalle',
  create: 'Crear',
  edit: 'Editar',
  delete: 'Eliminar',
  approve: 'Aprobar',
  refund: 'Reembolsar',
  reports: 'Reportes',
  adjustment: 'Ajustes',
  maxmin: 'Máximos y mínimos',
  note: 'Notas',
  unban: 'Desbanear',
};

const CRUD = ['view', 'show', 'create', 'edit', 'delete', 'reports'] as const;
const CRUD_APPROVE = [...CRUD, 'approve'] as const;

export type ResourceGroup =
  | 'Organización'
  | 'Catálogo'
  | 'Inventario'
  | 'Clientes'
  | 'Agenda'
  | 'Ventas'
  | 'Comisiones'
  | 'Administración';

export interface ResourceDefinition {
  /** Spanish name shown in the role editor and the audit log. */
  name: string;
  group: ResourceGroup;
  actions: readonly Action[];
}

/** Every resource key the API guards, with the actions that make sense for it. */
export const RESOURCES = {
  users: { name: 'Personal', group: 'Organización', actions: CRUD },
  branch: { name: 'Sucursales', group: 'Organización', actions: CRUD_APPROVE },
  cabain: { name: 'Cabinas', group: 'Organización', actions: CRUD },
  cabain_types: { name: 'Tipos de cabina', group: 'Organización', actions: CRUD },
  category: { name: 'Categorías', group: 'Organización', actions: CRUD },
  role: { name: 'Roles y privilegios', group: 'Administración', actions: ['view', 'edit'] },
  history: {
    name: 'Historial y bitácora',
    group: 'Administración',
    actions: ['view', 'show', 'reports'],
  },
  setting: { name: 'Configuraciones', group: 'Administración', actions: ['view', 'edit'] },
  reports: { name: 'Reportes', group: 'Administración', actions: ['view', 'reports'] },
  Rentability: { name: 'Rentabilidad', group: 'Administración', actions: ['view', 'reports'] },
  goal: { name: 'Metas', group: 'Administración', actions: CRUD_APPROVE },
  products: { name: 'Productos', group: 'Catálogo', actions: CRUD_APPROVE },
  treatments: { name: 'Tratamientos', group: 'Catálogo', actions: CRUD },
  providers: { name: 'Proveedores', group: 'Catálogo', actions: CRUD },
  packages: { name: 'Paquetes', group: 'Catálogo', actions: CRUD },
  promotions: { name: 'Promociones', group: 'Catálogo', actions: CRUD },
  appliances: { name: 'Aparatos', group: 'Catálogo', actions: CRUD_APPROVE },
  coupons: { name: 'Cupones', group: 'Catálogo', actions: CRUD },
  purchaseOrder: { name: 'Órdenes de compra', group: 'Inventario', actions: CRUD_APPROVE },
  saleOrder: { name: 'Órdenes de venta', group: 'Inventario', actions: CRUD_APPROVE },
  assortmentOrder: { name: 'Órdenes de surtido', group: 'Inventario', actions: CRUD_APPROVE },
  inventory: {
    name: 'Inventario',
    group: 'Inventario',
    actions: [...CRUD_APPROVE, 'adjustment', 'maxmin'],
  },
  transfers: { name: 'Transferencias', group: 'Inventario', actions: CRUD_APPROVE },
  clients: { name: 'Clientes', group: 'Clientes', actions: [...CRUD, 'note', 'unban'] },
  loyalty_system: {
    name: 'Sistema de lealtad',
    group: 'Clientes',
    actions: ['view', 'show', 'edit', 'reports'],
  },
  members: { name: 'Miembros', group: 'Clientes', actions: ['view', 'show', 'reports'] },
  miss_you: { name: 'We miss you', group: 'Clientes', actions: ['view', 'show', 'reports'] },
  agenda: { name: 'Agenda', group: 'Agenda', actions: CRUD },
  dairy: { name: 'Agenda diaria', group: 'Agenda', actions: CRUD },
  appointment: { name: 'Citas', group: 'Agenda', actions: CRUD },
  blockers: { name: 'Bloqueos', group: 'Agenda', actions: CRUD },
  sales: {
    name: 'Ventas',
    group: 'Ventas',
    actions: ['view', 'show', 'create', 'refund', 'reports'],
  },
  cashClosing: {
    name: 'Corte de caja',
    group: 'Ventas',
    actions: ['view', 'show', 'create', 'reports'],
  },
  medic_comission: { name: 'Comisiones médicas', group: 'Comisiones', actions: CRUD_APPROVE },
  cosmetologic_comission: {
    name: 'Comisiones cosmetológicas',
    group: 'Comisiones',
    actions: CRUD_APPROVE,
  },
} as const satisfies Record<string, ResourceDefinition>;

export type Resource = keyof typeof RESOURCES;
export const RESOURCE_KEYS = Object.keys(RESOURCES) as Resource[];

export type Privileges = Partial<Record<Resource, Action[]>>;

export const ROLE_KEYS = [
  'superAdmin',
  'logisticsManager',
  'branchManager',
  'operationalManager',
  'franchisee',
  'medic',
  'cosmetologist',
] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];

export interface RoleDefinition {
  /** The name shown in the header and on staff details (spec 000 §6). */
  name: string;
  /** Reads and writes only its own branch's records (CONTRACT §5). */
  branchFixed: boolean;
  /** May sign in at any branch (CONTRACT §1: only the super administrator). */
  signsInAnywhere: boolean;
  /** Start path under /dashboard, where the web app lands after sign-in. */
  path: string;
}

export const ROLES: Record<RoleKey, RoleDefinition> = {
  superAdmin: {
    name: 'Super Administrador',
    branchFixed: false,
    signsInAnywhere: true,
    path: 'inicio',
  },
  logisticsManager: {
    name: 'Logística Gerente',
    branchFixed: false,
    signsInAnywhere: false,
    path: 'inicio',
  },
  branchManager: {
    name: 'Sucursal Gerente',
    branchFixed: true,
    signsInAnywhere: false,
    path: 'inicio',
  },
  operationalManager: {
    name: 'Gerente Operativo',
    branchFixed: true,
    signsInAnywhere: false,
    path: 'inicio',
  },
  franchisee: {
    name: 'Franquiciatario',
    branchFixed: true,
    signsInAnywhere: false,
    path: 'inicio',
  },
  medic: { name: 'Médico', branchFixed: true, signsInAnywhere: false, path: 'inicio' },
  cosmetologist: { name: 'Cosmetóloga', branchFixed: true, signsInAnywhere: false, path: 'inicio' },
};

export function roleKeyByName(name: string): RoleKey | undefined {
  return ROLE_KEYS.find((key) => ROLES[key].name === name);
}

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

/** The default privilege map of each role, seeded into the database. */
export const DEFAULT_PRIVILEGES: Record<RoleKey, Privileges> = {
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
};

export function hasPrivilege(privileges: Privileges, resource: Resource, action: Action): boolean {
  return privileges[resource]?.includes(action) ?? false;
}
