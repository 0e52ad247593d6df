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
  waitlist: {
    name: 'Lista de espera',
    group: 'Agenda',
    actions: ['view', 'show', 'create', 'edit', 'delete'],
  },
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

export function hasPrivilege(privileges: Privileges, resource: Resource, action: Action): boolean {
  return privileges[resource]?.includes(action) ?? false;
}
