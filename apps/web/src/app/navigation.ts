import type { ReactNode } from 'react';
import type { Privileges, Resource } from '@clinica/domain';
import { FEATURES, NAV_GROUPS } from './features';

/**
 * The sidebar (spec 000 §2), made from the features' declarations (`app/features.ts`): an item
 * shows only when its key is among the user's privilege keys, or is 'dashboard'.
 */

export type NavKey = Resource | 'dashboard';

export interface NavItem {
  key: NavKey;
  /** Other keys that open it too (`FeatureDef.openedAlsoBy`). */
  alsoKeys?: Resource[];
  label: string;
  path: string;
  icon: ReactNode;
  /** One line for the home page's shortcuts. */
  description: string;
}

export interface NavGroup {
  label: string | null;
  items: NavItem[];
}

export const NAVIGATION: NavGroup[] = NAV_GROUPS.map((label) => ({
  label,
  items: FEATURES.filter((feature) => feature.nav.group === label).map((feature) => ({
    key: feature.privilege ?? 'dashboard',
    alsoKeys: feature.openedAlsoBy,
    label: feature.label,
    path: `/dashboard/${feature.path}`,
    icon: feature.nav.icon,
    description: feature.nav.description,
  })),
}));

/**
 * Whether a destination is open to the user: any action on its key (spec 000 §2), or 'dashboard'.
 * The sidebar and the page guard (`RequirePrivilege`) both ask this, so a link shown is a page
 * that opens, and a page that opens has its link.
 */
export function canSee(key: NavKey, privileges: Privileges): boolean {
  return key === 'dashboard' || (privileges[key]?.length ?? 0) > 0;
}

/** Whether the item is open to the user by its key or one of its other keys. */
export function canOpen(
  item: { key: NavKey; alsoKeys?: Resource[] },
  privileges: Privileges,
): boolean {
  return (
    canSee(item.key, privileges) || (item.alsoKeys ?? []).some((key) => canSee(key, privileges))
  );
}

/** The groups and items this user may see; empty groups disappear. */
export function navigationFor(privileges: Privileges): NavGroup[] {
  return NAVIGATION.map((group) => ({
    ...group,
    items: group.items.filter((item) => canOpen(item, privileges)),
  })).filter((group) => group.items.length > 0);
}
