import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  createStaffBody,
  jobPosition,
  listOf,
  staffListItem,
  staffPhotoAnswer,
  staffRecord,
  updateStaffBody,
  type CreateStaff,
  type StaffListItem,
  type StaffRecord,
  type UpdateStaff,
} from '@clinica/domain';
import { callApi, endpoint, uploadFile } from '../../shared/api/client';
import type { ListPage, ListQueryParams } from '../../shared/list/fetchAll';

/** Staff and their employee file (spec 000 §7): `/user…`, the photo, the job positions. */

export type { StaffListItem, StaffRecord };
export type JobPosition = z.infer<typeof jobPosition>;

export const staffEndpoints = {
  list: endpoint({ method: 'GET', path: '/user', answer: listOf(staffListItem) }),
  get: endpoint({ method: 'GET', path: '/user/:id', answer: staffRecord }),
  create: endpoint({
    method: 'POST',
    path: '/user/create',
    body: createStaffBody,
    answer: staffRecord,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/user/:id/update',
    body: updateStaffBody,
    answer: staffRecord,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/user/:id/delete',
    answer: z.object({ id: z.number().int() }),
  }),
  photo: endpoint({ method: 'POST', path: '/user/:id/photo', answer: staffPhotoAnswer }),
  jobPositions: endpoint({ method: 'GET', path: '/job-position', answer: z.array(jobPosition) }),
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
