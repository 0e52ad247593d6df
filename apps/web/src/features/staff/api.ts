import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  lookupRoutes,
  staffRoutes,
  type CreateStaff,
  type jobPosition,
  type StaffListItem,
  type StaffRecord,
  type UpdateStaff,
} from '@clinica/domain';
import { callApi, uploadFile } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Staff and their employee file (spec 000 §7): `/user…`, the photo, the job positions. */

export type { StaffListItem, StaffRecord };
export type JobPosition = z.infer<typeof jobPosition>;

/** The calls of this screen: the domain's route table, as the API registers it. */
export const staffEndpoints = {
  ...staffRoutes,
  photo: staffRoutes.uploadPhoto,
  jobPositions: lookupRoutes.jobPositions,
};

export const staffKeys = {
  all: ['user'] as const,
  detail: (id: number) => ['user', 'detail', id] as const,
  jobPositions: () => ['job-position'] as const,
};

export async function fetchStaffPage(
  query: ListQueryParams,
  signal?: AbortSignal,
): Promise<ListPage<StaffListItem>> {
  return (await callApi(staffEndpoints.list, { query, signal })).data;
}

export async function fetchStaffMember(id: number, signal?: AbortSignal): Promise<StaffRecord> {
  return (await callApi(staffEndpoints.get, { params: { id }, signal })).data;
}

export function createStaffMember(body: CreateStaff) {
  return callApi(staffEndpoints.create, { body });
}

export function updateStaffMember(id: number, body: UpdateStaff) {
  return callApi(staffEndpoints.update, { params: { id }, body });
}

export function removeStaffMember(member: StaffListItem) {
  return callApi(staffEndpoints.remove, { params: { id: member.id } });
}

/** Mails the employee a new invitation to set their password and PIN; the last one stops working. */
export function inviteStaffMember(id: number) {
  return callApi(staffEndpoints.invite, { params: { id } });
}

export function uploadStaffPhoto(id: number, file: File) {
  return uploadFile(staffEndpoints.photo, { params: { id }, file, fileName: file.name });
}

export function useStaffMember(id: number | null) {
  return useQuery({
    queryKey: staffKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchStaffMember(id ?? 0, signal),
    enabled: id !== null,
  });
}
