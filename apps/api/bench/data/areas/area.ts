import type pg from 'pg';

/** What an area's SQL runs with: one connection (its temporary tables live across areas). */
export interface AreaContext {
  client: pg.PoolClient;
  /** The `--scale` factor: 1 is the chain of issue 10 (50 branches, 3 M history entries…). */
  scale: number;
  /** A size at scale 1, scaled and rounded, never below `min`. */
  size(atScaleOne: number, min?: number): number;
}

/**
 * One area of the chain: its tables filled by bulk SQL (`INSERT … SELECT generate_series`), with
 * the sizes it reaches at scale 1 stated in `rows` (printed by the generator, named in docs/benchmark.md).
 */
export interface Area {
  name: string;
  rows: string;
  fill(ctx: AreaContext): Promise<void>;
}

/** A Postgres array literal of texts, for picking a value by index inside SQL. */
export function texts(values: readonly string[]): string {
  return `ARRAY[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]::text[]`;
}

/** SQL picking one of `values` by a non-negative integer expression (its remainder). */
export function pick(values: readonly string[], index: string): string {
  return `(${texts(values)})[1 + ((${index})::bigint % ${values.length})]`;
}

/** SQL picking one of `values` at random. */
export function pickRandom(values: readonly string[]): string {
  return `(${texts(values)})[1 + floor(random() * ${values.length})::int]`;
}

/**
 * Runs `fill` with the table's secondary indexes dropped, then builds them again from their saved
 * definitions: millions of rows go in far faster, and each index is built once, sorted.
 */
export async function withoutIndexes(
  client: pg.PoolClient,
  table: string,
  fill: () => Promise<void>,
): Promise<void> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = $1
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [table],
  );
  for (const row of rows) await client.query(`DROP INDEX "${row.name}"`);
  await fill();
  for (const row of rows) await client.query(row.definition);
}

/** Spanish names and surnames, accents included (searches must fold them). */
export const FIRST_NAMES = [
  'María', 'José', 'Guadalupe', 'Juan', 'Fernanda', 'Héctor', 'Sofía', 'Andrés', 'Valeria',
  'Raúl', 'Ximena', 'Jesús', 'Camila', 'Martín', 'Daniela', 'Óscar', 'Lucía', 'Iván', 'Renata',
  'Julián', 'Mónica', 'Sebastián', 'Regina', 'Ramón', 'Ángela', 'Tomás', 'Natalia', 'Rubén',
  'Paulina', 'Joaquín', 'Itzel', 'Efraín', 'Karla', 'Adrián', 'Brenda', 'Cristóbal', 'Elena',
];
export const SURNAMES = [
  'Hernández', 'García', 'Martínez', 'López', 'González', 'Pérez', 'Rodríguez', 'Sánchez',
  'Ramírez', 'Cruz', 'Flores', 'Gómez', 'Morales', 'Vázquez', 'Jiménez', 'Reyes', 'Díaz',
  'Torres', 'Gutiérrez', 'Ruiz', 'Mendoza', 'Aguilar', 'Ortiz', 'Castillo', 'Núñez', 'Peña',
  'Ibarra', 'Valdés', 'Muñoz', 'Domínguez', 'Cortés', 'Salazar', 'Rosales', 'Zúñiga', 'Beltrán',
];
export const CITIES: [city: string, state: string, zone: string][] = [
  ['Tijuana', 'Baja California', 'America/Tijuana'],
  ['Mexicali', 'Baja California', 'America/Tijuana'],
  ['Ensenada', 'Baja California', 'America/Tijuana'],
  ['Hermosillo', 'Sonora', 'America/Mazatlan'],
  ['Culiacán', 'Sinaloa', 'America/Mazatlan'],
  ['Mazatlán', 'Sinaloa', 'America/Mazatlan'],
  ['La Paz', 'Baja California Sur', 'America/Mazatlan'],
  ['Guadalajara', 'Jalisco', 'America/Mexico_City'],
  ['Monterrey', 'Nuevo León', 'America/Mexico_City'],
  ['Ciudad de México', 'Ciudad de México', 'America/Mexico_City'],
  ['Querétaro', 'Querétaro', 'America/Mexico_City'],
  ['Puebla', 'Puebla', 'America/Mexico_City'],
  ['León', 'Guanajuato', 'America/Mexico_City'],
  ['Mérida', 'Yucatán', 'America/Mexico_City'],
  ['Cancún', 'Quintana Roo', 'America/Cancun'],
  ['Playa del Carmen', 'Quintana Roo', 'America/Cancun'],
];
