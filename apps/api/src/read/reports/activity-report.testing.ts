import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, type Answer } from '../../test/harness';

/** What the activity reports' tests share: the call, and totals checked against their rows. */

export type Query = Record<string, string | number | undefined>;

export interface Report<T> {
  items: T[];
  totals: Record<string, number | string>;
}

const text = (query: Query) =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );

export function report<T>(
  app: FastifyInstance,
  token: string,
  path: string,
  query: Query = {},
): Promise<Answer<Report<T>>> {
  return call<Report<T>>(app, 'GET', `/v1/report/${path}`, { token, query: text(query) });
}

/** A report read with a 200, its answer's data. */
export async function read<T>(
  app: FastifyInstance,
  token: string,
  path: string,
  query: Query = {},
) {
  const answer = await report<T>(app, token, path, query);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

export const cents = (values: number[]) =>
  Math.round(values.reduce((sum, value) => sum + Math.round(value * 100), 0)) / 100;

/** Each named total is the sum of that field over the rows, to the cent. */
export function expectTotalsAddUp<T>(data: Report<T>, fields: readonly (keyof T & string)[]) {
  for (const field of fields) {
    const values = data.items.map((item) => (item as Record<string, number>)[field]!);
    expect(data.totals[field], `totals.${field}`).toBe(cents(values));
  }
}

/** A 400 naming the field. */
export function expectBadField(answer: Answer<unknown>, field: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  const details = answer.body.details ?? [];
  expect(details.map((detail) => detail.field)).toContain(field);
}
