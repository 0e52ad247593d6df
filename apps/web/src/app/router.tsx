import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { Resource } from '@clinica/domain';
import { PublicOnly, RequireSession } from './guards';
import { RouteError } from './RouteError';
import { StartPathRedirect } from './StartPathRedirect';
import type { Crumb } from './crumbs';

/**
 * Every screen is its own chunk: the sign-in screen loads none of the dashboard's code
 * (measured by scripts/size-check.mjs).
 */

const crumb = (value: Crumb) => ({ crumb: value });

/** A section that needs a privilege on its resource; the guard loads with the dashboard's code. */
const guardedBy = (resource: Resource) => async () => {
  const { RequirePrivilege } = await import('./layout/RequirePrivilege');
  return { Component: () => <RequirePrivilege resource={resource} /> };
};

/** A list at `path` and its form at `path/crear` and `path/{id}` (spec 000 §2), one chunk each. */
function listAndForm(
  path: string,
  label: string,
  resource: Resource,
  list: () => Promise<ComponentType>,
  form: () => Promise<ComponentType>,
): RouteObject {
  return {
    path,
    handle: crumb(label),
    lazy: guardedBy(resource),
    children: [
      { index: true, lazy: async () => ({ Component: await list() }) },
      { path: ':id', handle: crumb('record'), lazy: async () => ({ Component: await form() }) },
    ],
  };
}

/** Staff, branches, cabins, cabin types and categories (spec 000 §2; issue 4). */
const organizationRoutes = (): RouteObject[] => [
  listAndForm(
    'personal',
    'Personal',
    'users',
    async () => (await import('../features/staff/StaffPage')).StaffPage,
    async () => (await import('../features/staff/StaffFormPage')).StaffFormPage,
  ),
  {
    path: 'asistencia',
    handle: crumb('Asistencia'),
    lazy: guardedBy('users'),
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/attendance/AttendancePage')).AttendancePage,
        }),
      },
    ],
  },
  listAndForm(
    'sucursales',
    'Sucursales',
    'branch',
    async () => (await import('../features/branches/BranchesPage')).BranchesPage,
    async () => (await import('../features/branches/BranchFormPage')).BranchFormPage,
  ),
  listAndForm(
    'cabinas',
    'Cabinas',
    'cabain',
    async () => (await import('../features/cabins/CabinsPage')).CabinsPage,
    async () => (await import('../features/cabins/CabinFormPage')).CabinFormPage,
  ),
  listAndForm(
    'tipos-cabina',
    'Tipos de cabina',
    'cabain_types',
    async () => (await import('../features/cabin-types/CabinTypesPage')).CabinTypesPage,
    async () => (await import('../features/cabin-types/CabinTypeFormPage')).CabinTypeFormPage,
  ),
  listAndForm(
    'categorias',
    'Categorías',
    'category',
    async () => (await import('../features/categories/CategoriesPage')).CategoriesPage,
    async () => (await import('../features/categories/CategoryFormPage')).CategoryFormPage,
  ),
];

/** Products, product types, treatments, providers and appliances (spec 001 §2, 002 §2; issue 5). */
const catalogueRoutes = (): RouteObject[] => [
  listAndForm(
    'productos',
    'Productos',
    'products',
    async () => (await import('../features/products/ProductsPage')).ProductsPage,
    async () => (await import('../features/products/ProductFormPage')).ProductFormPage,
  ),
  {
    path: 'tipos-producto',
    handle: crumb('Tipos de producto'),
    lazy: guardedBy('products'),
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/product-types/ProductTypesPage')).ProductTypesPage,
        }),
      },
    ],
  },
  listAndForm(
    'tratamientos',
    'Tratamientos',
    'treatments',
    async () => (await import('../features/treatments/TreatmentsPage')).TreatmentsPage,
    async () => (await import('../features/treatments/TreatmentFormPage')).TreatmentFormPage,
  ),
  listAndForm(
    'proveedores',
    'Proveedores',
    'providers',
    async () => (await import('../features/providers/ProvidersPage')).ProvidersPage,
    async () => (await import('../features/providers/ProviderFormPage')).ProviderFormPage,
  ),
  listAndForm(
    'aparatos',
    'Aparatos',
    'appliances',
    async () => (await import('../features/appliances/AppliancesPage')).AppliancesPage,
    async () => (await import('../features/appliances/ApplianceFormPage')).ApplianceFormPage,
  ),
  (() => {
    const linkForm = async () => ({
      Component: (await import('../features/branch-appliances/BranchApplianceFormPage'))
        .BranchApplianceFormPage,
    });
    return {
      path: 'aparatos-sucursal',
      handle: crumb('Aparatos por sucursal'),
      lazy: guardedBy('appliances'),
      children: [
        {
          index: true,
          lazy: async () => ({
            Component: (await import('../features/branch-appliances/BranchAppliancesPage'))
              .BranchAppliancesPage,
          }),
        },
        // Linking an appliance to a branch is this list's create (spec 002 §2).
        { path: 'vincular', handle: crumb('Vincular'), lazy: linkForm },
        { path: ':id', handle: crumb('record'), lazy: linkForm },
      ],
    };
  })(),
];

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      {
        element: <PublicOnly />,
        children: [
          {
            path: '/',
            lazy: async () => ({
              Component: (await import('../features/auth/LoginPage')).LoginPage,
            }),
          },
          {
            path: '/login',
            lazy: async () => ({
              Component: (await import('../features/auth/LoginPage')).LoginPage,
            }),
          },
          {
            path: '/quick-login',
            lazy: async () => ({
              Component: (await import('../features/auth/QuickLoginPage')).QuickLoginPage,
            }),
          },
          {
            path: '/forgot-password/:code?',
            lazy: async () => ({
              Component: (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage,
            }),
          },
        ],
      },
      {
        path: '/dashboard',
        element: <RequireSession />,
        children: [
          {
            lazy: async () => ({
              Component: (await import('./layout/DashboardLayout')).DashboardLayout,
            }),
            children: [
              { index: true, element: <StartPathRedirect /> },
              {
                path: 'inicio',
                handle: crumb('Inicio'),
                lazy: async () => ({
                  Component: (await import('../features/home/HomePage')).HomePage,
                }),
              },
              {
                path: 'historial',
                handle: crumb('Historial'),
                lazy: guardedBy('history'),
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('../features/history/HistoryPage')).HistoryPage,
                    }),
                  },
                ],
              },
              {
                path: 'roles',
                handle: crumb('Roles y privilegios'),
                lazy: guardedBy('role'),
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('../features/roles/RolesPage')).RolesPage,
                    }),
                  },
                  {
                    path: ':id',
                    handle: crumb('record'),
                    lazy: async () => ({
                      Component: (await import('../features/roles/RoleEditorPage')).RoleEditorPage,
                    }),
                  },
                ],
              },
              ...organizationRoutes(),
              ...catalogueRoutes(),
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
