import * as domain from '@clinica/domain';
import type { RouteDef } from '@clinica/domain';

/**
 * Each declared route's `operationId` for the OpenAPI document, from its name in the route table
 * of `packages/domain`: `cabinRoutes.list` is `cabinList`, `authRoutes.signIn` is `authSignIn`. A
 * client generated from the document names its methods by these, so they change only when a
 * declaration is renamed, never when a path or a summary is reworded.
 */

const isRouteDef = (value: unknown): value is RouteDef =>
  typeof value === 'object' &&
  value !== null &&
  'path' in value &&
  'method' in value &&
  'answer' in value;

/**
 * camelCase of the words of a route's place in the table, a word said twice in a row said once:
 * `productRoutes.update['update-medical-product']` is `productUpdateMedicalProduct`.
 */
function camelCase(segments: string[]): string {
  const words = segments
    .flatMap((segment) => segment.split(/[-_]|(?=[A-Z])/))
    .filter(Boolean)
    .map((word) => word.toLowerCase())
    .filter((word, index, all) => word !== all[index - 1]);
  return words
    .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}

function collect(names: Map<RouteDef, string>, routes: object, place: string[]): void {
  for (const [key, value] of Object.entries(routes)) {
    if (isRouteDef(value)) {
      if (!names.has(value)) names.set(value, camelCase([...place, key]));
    } else if (typeof value === 'object' && value !== null) {
      collect(names, value, [...place, key]);
    }
  }
}

function namesOf(table: Record<string, unknown>): Map<RouteDef, string> {
  const names = new Map<RouteDef, string>();
  // A module namespace lists its exports in alphabetical order, so a route reachable under two
  // names always takes the same one.
  for (const [group, routes] of Object.entries(table)) {
    if (!group.endsWith('Routes') || typeof routes !== 'object' || routes === null) continue;
    collect(names, routes, [group.slice(0, -'Routes'.length)]);
  }
  return names;
}

const names = namesOf(domain);

/** The route's `operationId`: its group and key in the route table, camelCase. */
export function operationIdOf(route: RouteDef): string {
  const name = names.get(route);
  if (!name) throw new Error(`${route.path} no está en la tabla de rutas de @clinica/domain`);
  return name;
}

/** Every declared route with its `operationId` (for the test that they are unique and stable). */
export const declaredOperations = (): [string, RouteDef][] =>
  [...names].map(([route, name]) => [name, route]);
