import type { z } from 'zod';
import {
  settingRoutes,
  type exchangeRateEntry,
  type settingRecord,
  type settingUpdateBody,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage } from '../../shared/list/fetchAll';

/** The chain's settings and its exchange rate history (spec 002 §7): `/setting…`. */

export type Setting = z.infer<typeof settingRecord>;
export type RateEntry = z.infer<typeof exchangeRateEntry>;

export const settingKeys = {
  record: ['setting'] as const,
  rates: (page: number) => ['setting', 'rates', page] as const,
};

export async function fetchSetting(signal?: AbortSignal): Promise<Setting> {
  return (await callApi(settingRoutes.get, { signal })).data;
}

export async function fetchRateHistory(
  page: number,
  take: number,
  signal?: AbortSignal,
): Promise<ListPage<RateEntry>> {
  return (
    await callApi(settingRoutes.rateHistory, {
      query: { page, take, field: 'effectiveFrom', order: 'DESC' },
      signal,
    })
  ).data;
}

export function saveSetting(id: number, body: z.output<typeof settingUpdateBody>) {
  return callApi(settingRoutes.update, { params: { id }, body });
}
