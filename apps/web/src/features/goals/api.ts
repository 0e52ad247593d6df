import type { z } from 'zod';
import {
  MONTH_NAMES,
  goalRoutes,
  type goalBody,
  type goalRecord,
  type goalUpdateBody,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Monthly sales goals (spec 002 §7): `/goal…`. */

export type Goal = z.infer<typeof goalRecord>;

export const goalEndpoints = goalRoutes;

export const goalKeys = {
  all: ['goal'] as const,
  detail: (id: number) => ['goal', 'detail', id] as const,
};

export async function fetchGoalPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<Goal>> {
  return (await callApi(goalEndpoints.list, { query, signal })).data;
}

export async function fetchGoal(id: number, signal?: AbortSignal): Promise<Goal> {
  return (await callApi(goalEndpoints.get, { params: { id }, signal })).data;
}

export function saveGoal(
  body: z.output<typeof goalBody> | z.output<typeof goalUpdateBody>,
  id: number | null,
) {
  return id === null
    ? callApi(goalEndpoints.create, { body: body as z.output<typeof goalBody> })
    : callApi(goalEndpoints.update, { params: { id }, body });
}

export function removeGoal(goal: Goal) {
  return callApi(goalEndpoints.remove, { params: { id: goal.id } });
}

/** The months as the form and the filter offer them: '01' → 'Enero'. */
export const MONTH_OPTIONS = MONTH_NAMES.map((name, index) => ({
  value: String(index + 1).padStart(2, '0'),
  label: name.charAt(0).toUpperCase() + name.slice(1),
}));

/** The years a goal is usually set for: last year to two ahead, and `extra` when editing an older one. */
export function yearOptions(now = new Date(), extra?: string) {
  const current = now.getFullYear();
  const years = new Set([current - 1, current, current + 1, current + 2].map(String));
  if (extra) years.add(extra);
  return [...years].sort().map((year) => ({ value: year, label: year }));
}
