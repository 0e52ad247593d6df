import type { z } from 'zod';
import { attendanceEntry, listOf } from '@clinica/domain';
import { callApi, endpoint } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Arrivals registered with 'Registrar Entrada' (`GET /user/checkin`), for managers. */

export type AttendanceEntry = z.infer<typeof attendanceEntry>;

export const attendanceEndpoints = {
  list: endpoint({ method: 'GET', path: '/user/checkin', answer: listOf(attendanceEntry) }),
};

export const attendanceKeys = { all: ['attendance'] as const };

export async function fetchAttendancePage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<AttendanceEntry>> {
  return (await callApi(attendanceEndpoints.list, { query, signal })).data;
}
