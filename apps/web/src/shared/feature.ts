import type { ComponentType, ReactNode } from 'react';
import type { Resource } from '@clinica/domain';

/**
 * What a feature declares about itself, in its own `feature.tsx`: where it lives, its breadcrumb,
 * its sidebar entry and icon, and the privilege that opens it. `app/features.ts` lists every
 * feature; the router builds the routes and the sidebar its menu from that one list, so a new
 * screen is one new file and one line there.
 */

/** A screen, loaded as its own chunk the first time it opens. */
export type LazyPage = () => Promise<ComponentType>;

export type NavGroupName =
  'Organización' | 'Catálogo' | 'Inventario' | 'Agenda' | 'Clientes' | 'Ventas' | 'Administración';

export interface FeatureDef {
  /** The path under `/dashboard`: 'cabinas'. */
  path: string;
  /** The breadcrumb and the sidebar's label. */
  label: string;
  /**
   * The resource whose privileges open the section: any action on it (spec 000 §2). Null for
   * what every signed-in user sees (the home page).
   */
  privilege: Resource | null;
  /** Other resources any action on which opens the section too (reports: `Rentability`). */
  openedAlsoBy?: Resource[];
  /** The section's main screen (its list). */
  page: LazyPage;
  /** The record's form at `{path}/crear` and `{path}/{id}`, crumbed 'Crear' or 'Editar'. */
  record?: LazyPage;
  /** Other screens under the path. */
  screens?: { path: string; crumb: string; page: LazyPage }[];
  /** The sidebar entry; the home page lists the same entries as shortcuts. */
  nav: {
    /** The sidebar group; null for the ungrouped top entry. */
    group: NavGroupName | null;
    icon: ReactNode;
    /** One line for the home page's shortcuts. */
    description: string;
  };
}

/** A screen outside the dashboard, open without a session (sign-in, quick login, reset). */
export interface PublicScreen {
  path: string;
  page: LazyPage;
}

export const defineFeature = (feature: FeatureDef): FeatureDef => feature;
