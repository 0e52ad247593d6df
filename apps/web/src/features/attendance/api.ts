import type { z } from 'zod';
import { attendanceRoutes, type attendanceEntry } from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Arrivals registered with 'Registrar Entrada' (`GET /user/checkin`), for managers. */

export type AttendanceEntry = z.infer<typeof attendanceEntry>;

/** The calls of this screen: the domain's route table, as the API registers it. */
export const attendanceEndpoints = attendanceRoutes;

export const attendanceKeys = { all: ['attendance'] as const };

export async function fetchAttendancePage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<AttendanceEntry>> {
  return (await callApi(attendanceEndpoints.list, { query, signal })).data;
}
