import { hasPrivilege, type Action, type Privileges, type Resource } from './privileges';

/**
 * The home's sections and the privilege that opens each one's screen (issue 28): the agenda's
 * day, the sales against the goal (the reports' figures), the stock to look at (the inventory)
 * and the day's cash closing. The API answers a section only to who holds its privilege, and the
 * home draws only those: one rule for both.
 */
export const HOME_SECTIONS = {
  appointments: { resource: 'agenda', action: 'view' },
  sales: { resource: 'reports', action: 'view' },
  stock: { resource: 'inventory', action: 'view' },
  closing: { resource: 'cashClosing', action: 'view' },
} as const satisfies Record<string, { resource: Resource; action: Action }>;

export type HomeSection = keyof typeof HOME_SECTIONS;
export const HOME_SECTION_KEYS = Object.keys(HOME_SECTIONS) as HomeSection[];

/** The sections these privileges open. */
export function homeSectionsOf(privileges: Privileges): Record<HomeSection, boolean> {
  return Object.fromEntries(
    HOME_SECTION_KEYS.map((key) => [
      key,
      hasPrivilege(privileges, HOME_SECTIONS[key].resource, HOME_SECTIONS[key].action),
    ]),
  ) as Record<HomeSection, boolean>;
}

/** How many of the next appointments the home lists. */
export const HOME_NEXT_APPOINTMENTS = 6;
