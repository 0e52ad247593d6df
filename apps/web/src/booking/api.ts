import type { z } from 'zod';
import {
  onlineBookingRoutes as routes,
  waitlistRoutes,
  type bookingRequestBody,
} from '@clinica/domain';
import { callApi } from '../shared/api/client';

/**
 * The public pages' calls (CONTRACT §15), through the domain's route table like every other
 * screen's: no session, no token. The dashboard's client is the same module, so a path or a body
 * cannot drift; it loads no component library.
 */

export async function fetchBranches(signal?: AbortSignal) {
  return (await callApi(routes.branches, { signal })).data;
}

export async function fetchTreatments(branchId: number, signal?: AbortSignal) {
  return (await callApi(routes.treatments, { query: { branchId }, signal })).data;
}

export async function fetchTimes(
  branchId: number,
  treatmentId: number,
  date: string,
  signal?: AbortSignal,
) {
  return (await callApi(routes.availability, { query: { branchId, treatmentId, date }, signal }))
    .data;
}

export type BookingRequest = z.input<typeof bookingRequestBody>;

export async function requestBooking(body: BookingRequest) {
  return (await callApi(routes.request, { body })).data;
}

export async function confirmBooking(requestId: string, code: string) {
  return (await callApi(routes.confirm, { body: { requestId, code } })).data;
}

export async function fetchLinked(token: string, signal?: AbortSignal) {
  return (await callApi(routes.appointment, { params: { token }, signal })).data;
}

export async function confirmLinked(token: string) {
  return (await callApi(routes.confirmAppointment, { params: { token } })).data;
}

export async function cancelLinked(token: string) {
  return (await callApi(routes.cancelAppointment, { params: { token } })).data;
}

export async function fetchOffer(token: string, signal?: AbortSignal) {
  return (await callApi(waitlistRoutes.publicOffer, { params: { token }, signal })).data;
}

export async function answerOffer(token: string, choice: 'accept' | 'decline') {
  const route = choice === 'accept' ? waitlistRoutes.publicAccept : waitlistRoutes.publicDecline;
  return (await callApi(route, { params: { token } })).data;
}
