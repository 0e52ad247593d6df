import {
  MAX_TAKE,
  appointmentLogRoutes,
  appointmentRoutes,
  customerRoutes,
  lockRoutes,
  packageRoutes,
  reminderRoutes,
  type AppointmentBody,
  type AppointmentCancelBody,
  type AppointmentFinishBody,
  type AppointmentLogEntry,
  type AppointmentRecord,
  type AppointmentType,
  type ConfirmMethod,
  type LockBody,
  type LockRecord,
  type SeriesCreateBody,
  type SeriesPreviewQuery,
} from '@clinica/domain';
import { callApi } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** The agenda's calls (spec 002 §7, CONTRACT §13): `/appointment…`, `/appointment-log`, `/lock…`. */

export { agendaKeys, fetchAppointment, fetchDay, useDayCabins } from './dayApi';

/** Who may attend an appointment of a type at a branch: its medics, cosmetologists or both. */
export async function fetchAttendants(
  branchId: number | null,
  appointmentType: AppointmentType,
  signal?: AbortSignal,
) {
  const query = branchId ? { branchId, appointmentType } : { appointmentType };
  return (await callApi(appointmentRoutes.attendants, { query, signal })).data;
}

export async function fetchAppointmentPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<AppointmentRecord>> {
  const { data } = await callApi(appointmentRoutes.list, { query, signal });
  if ('day' in data) throw new Error('GET /appointment sin date respondió un día');
  return data;
}

export function saveAppointment(body: AppointmentBody, id: number | null) {
  return id === null
    ? callApi(appointmentRoutes.create, { body })
    : callApi(appointmentRoutes.update, { params: { id }, body });
}

/** Where each remaining session of a purchased treatment would go (CONTRACT §15); writes nothing. */
export async function fetchSeriesPreview(query: SeriesPreviewQuery, signal?: AbortSignal) {
  return (await callApi(appointmentRoutes.seriesPreview, { query, signal })).data;
}

/** Books the series' sessions at once: all or none (a refusal names the session). */
export function createSeries(body: SeriesCreateBody) {
  return callApi(appointmentRoutes.seriesCreate, { body });
}

export function cancelAppointment(id: number, body: AppointmentCancelBody) {
  return callApi(appointmentRoutes.cancel, { params: { id }, body });
}

export function setOnProcess(id: number) {
  return callApi(appointmentRoutes.setOnProcess, { params: { id } });
}

export function confirmAppointment(id: number, confirmMethod: ConfirmMethod) {
  return callApi(appointmentRoutes.confirm, { params: { id }, body: { confirmMethod } });
}

/** An appointment's reminders (CONTRACT §15), by sendAt. */
export async function fetchReminders(id: number, signal?: AbortSignal) {
  return (await callApi(reminderRoutes.list, { params: { id }, signal })).data.items;
}

/** A new reminder per channel, sent at once; answers each one's outcome. */
export async function resendReminders(id: number) {
  return (await callApi(reminderRoutes.resend, { params: { id }, body: {} })).data.items;
}

/** What the finish dialog offers: the treatment, the sessions left, the branch's lots, the staff. */
export async function fetchFinishForm(id: number, signal?: AbortSignal) {
  return (await callApi(appointmentRoutes.finishForm, { params: { id }, signal })).data;
}

/** Finishes an in-process appointment, or records a scheduled one as missed (`absence`). */
export function finishAppointment(id: number, body: AppointmentFinishBody) {
  return callApi(appointmentRoutes.finish, { params: { id }, body });
}

export function markAbsence(id: number) {
  return finishAppointment(id, { status: 'absence', sessions: [], stockIds: [] });
}

export async function fetchLogPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<AppointmentLogEntry>> {
  return (await callApi(appointmentLogRoutes.list, { query, signal })).data;
}

export async function fetchLockPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<LockRecord>> {
  return (await callApi(lockRoutes.list, { query, signal })).data;
}

export function saveLock(body: LockBody, id: number | null) {
  return id === null
    ? callApi(lockRoutes.create, { body })
    : callApi(lockRoutes.update, { params: { id }, body });
}

export function removeLock(lock: LockRecord) {
  return callApi(lockRoutes.remove, { params: { id: lock.id } });
}

/** Patients to book: active customers not blacklisted, searched as the user types. */
export async function searchCustomers(search: string, signal?: AbortSignal) {
  const query = { blackList: '0', take: 20, search, status: 1 };
  return (await callApi(customerRoutes.list, { query, signal })).data.items;
}

/** A customer with their purchased products (the 'Productos adquiridos' option). */
export async function fetchCustomerWithProducts(id: number, signal?: AbortSignal) {
  return (
    await callApi(customerRoutes.detail, {
      params: { id },
      query: { purchasedProducts: 'true' },
      signal,
    })
  ).data;
}

/** The active packages or promotions offered at a branch (their dates and hours the server checks). */
export async function fetchOffers(
  type: 'Package' | 'Promotion',
  branchId: number | undefined,
  signal?: AbortSignal,
) {
  const query = { type, branchId, take: MAX_TAKE, status: 1, field: 'name', order: 'ASC' };
  return (await callApi(packageRoutes.list, { query, signal })).data.items;
}
