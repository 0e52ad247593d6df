import { appointmentRoutes, type AgendaDayAnswer, type AppointmentType } from '@clinica/domain';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../shared/api/client';
import { todayInBranch } from '../../shared/format';

/*
 * What the agenda's day reads (its keys, the day, an appointment), apart from the rest of
 * `api.ts`: the day loads only the appointments' routes, not the customers', packages' and
 * reminders' schemas the forms and dialogs call (issue 24: a schema is built when its module
 * loads). `api.ts` re-exports these for everyone else.
 */

export const agendaKeys = {
  all: ['appointment'] as const,
  day: (branchId: number | null, date: string) => ['appointment', 'day', branchId, date] as const,
  detail: (id: number) => ['appointment', 'detail', id] as const,
  reminders: (id: number) => ['appointment', 'reminders', id] as const,
  finishForm: (id: number) => ['appointment', 'finish-form', id] as const,
  locks: ['lock'] as const,
  log: ['appointment-log'] as const,
  customers: (search: string) => ['appointment', 'customers', search] as const,
  customer: (id: number) => ['appointment', 'customer', id] as const,
  offers: (type: 'Package' | 'Promotion', branchId: number | null) =>
    ['appointment', 'offers', type, branchId] as const,
  attendants: (branchId: number | null, type: AppointmentType | null) =>
    ['appointment', 'attendants', branchId, type] as const,
};

/**
 * The whole day of a branch in ONE call: its appointments as the grid draws them and, in `day`,
 * cabins, hours, locks. An appointment's whole record is `fetchAppointment`'s.
 */
export async function fetchDay(
  branchId: number | null,
  date: string,
  signal?: AbortSignal,
): Promise<AgendaDayAnswer> {
  const query = branchId ? { branchId, date } : { date };
  const { data } = await callApi(appointmentRoutes.list, { query, signal });
  if (!('day' in data)) throw new Error('GET /appointment con date respondió sin el día');
  return data;
}

/**
 * The cabins of a branch as the agenda's day lists them (the day of `fetchDay`, shared with the
 * grid's cache): what every agenda user may read, unlike the cabins' catalogue.
 */
export function useDayCabins(branchId: number | null) {
  const today = todayInBranch();
  return useQuery({
    queryKey: agendaKeys.day(branchId, today),
    queryFn: ({ signal }) => fetchDay(branchId, today, signal),
    enabled: branchId !== null,
    select: (answer) => answer.day.cabins,
  });
}

export async function fetchAppointment(id: number, signal?: AbortSignal) {
  return (await callApi(appointmentRoutes.get, { params: { id }, signal })).data;
}
