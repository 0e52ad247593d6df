import type { Privileges, Resource } from '@clinica/domain';

/**
 * The sidebar (spec 000 §2): an item shows only when its key is among the user's privilege keys,
 * or is 'dashboard'. Only screens that exist are listed; each new screen adds its entry here.
 */

export type NavKey = Resource | 'dashboard';

export interface NavItem {
  key: NavKey;
  label: string;
  path: string;
  icon:
    | 'home'
    | 'history'
    | 'roles'
    | 'staff'
    | 'attendance'
    | 'branches'
    | 'cabins'
    | 'cabinTypes'
    | 'categories'
    | 'products'
    | 'productTypes'
    | 'treatments'
    | 'providers'
    | 'appliances'
    | 'branchAppliances';
  /** One line for the home page's shortcuts. */
  description: string;
}

export interface NavGroup {
  label: string | null;
  items: NavItem[];
}

export const NAVIGATION: NavGroup[] = [
  {
    label: null,
    items: [
      {
        key: 'dashboard',
        label: 'Inicio',
        path: '/dashboard/inicio',
        icon: 'home',
        description: 'Resumen de tu sucursal y tus accesos.',
      },
    ],
  },
  {
    label: 'Organización',
    items: [
      {
        key: 'users',
        label: 'Personal',
        path: '/dashboard/personal',
        icon: 'staff',
        description: 'El equipo de cada sucursal con su expediente y sus contratos.',
      },
      {
        key: 'users',
        label: 'Asistencia',
        path: '/dashboard/asistencia',
        icon: 'attendance',
        description: 'Quién llegó y a qué hora, registrado con «Registrar Entrada».',
      },
      {
        key: 'branch',
        label: 'Sucursales',
        path: '/dashboard/sucursales',
        icon: 'branches',
        description: 'Clínicas y centro de distribución: datos fiscales y horarios.',
      },
      {
        key: 'cabain',
        label: 'Cabinas',
        path: '/dashboard/cabinas',
        icon: 'cabins',
        description: 'Las salas de tratamiento de cada sucursal y su horario.',
      },
      {
        key: 'cabain_types',
        label: 'Tipos de cabina',
        path: '/dashboard/tipos-cabina',
        icon: 'cabinTypes',
        description: 'El color y el tipo de cita de cada clase de cabina.',
      },
      {
        key: 'category',
        label: 'Categorías',
        path: '/dashboard/categorias',
        icon: 'categories',
        description: 'Categorías de tratamientos y de productos.',
      },
    ],
  },
  {
    label: 'Catálogo',
    items: [
      {
        key: 'products',
        label: 'Productos',
        path: '/dashboard/productos',
        icon: 'products',
        description: 'Productos de venta, de cabina e insumos, con su aprobación y sus precios.',
      },
      {
        key: 'products',
        label: 'Tipos de producto',
        path: '/dashboard/tipos-producto',
        icon: 'productTypes',
        description: 'Las clases de producto y qué precios lleva cada una.',
      },
      {
        key: 'treatments',
        label: 'Tratamientos',
        path: '/dashboard/tratamientos',
        icon: 'treatments',
        description: 'Tratamientos médicos y cosmetológicos: precio, duración, áreas y productos.',
      },
      {
        key: 'providers',
        label: 'Proveedores',
        path: '/dashboard/proveedores',
        icon: 'providers',
        description: 'Quién surte los productos, con sus datos fiscales y de pago.',
      },
      {
        key: 'appliances',
        label: 'Aparatos',
        path: '/dashboard/aparatos',
        icon: 'appliances',
        description: 'Los equipos de la cadena, su marca, modelo y estado.',
      },
      {
        key: 'appliances',
        label: 'Aparatos por sucursal',
        path: '/dashboard/aparatos-sucursal',
        icon: 'branchAppliances',
        description: 'Qué aparato hay en cada sucursal y su último mantenimiento.',
      },
    ],
  },
  {
    label: 'Administración',
    items: [
      {
        key: 'history',
        label: 'Historial',
        path: '/dashboard/historial',
        icon: 'history',
        description: 'Quién cambió qué y cuándo, con el antes y el después.',
      },
      {
        key: 'role',
        label: 'Roles y privilegios',
        path: '/dashboard/roles',
        icon: 'roles',
        description: 'Qué puede ver y hacer cada rol en cada módulo.',
      },
    ],
  },
];

/**
 * Whether a destination is open to the user: any action on its key (spec 000 §2), or 'dashboard'.
 * The sidebar and the page guard (`RequirePrivilege`) both ask this, so a link shown is a page
 * that opens, and a page that opens has its link.
 */
export function canSee(key: NavKey, privileges: Privileges): boolean {
  return key === 'dashboard' || (privileges[key]?.length ?? 0) > 0;
}

/** The groups and items this user may see; empty groups disappear. */
export function navigationFor(privileges: Privileges): NavGroup[] {
  return NAVIGATION.map((group) => ({
    ...group,
    items: group.items.filter((item) => canSee(item.key, privileges)),
  })).filter((group) => group.items.length > 0);
}
