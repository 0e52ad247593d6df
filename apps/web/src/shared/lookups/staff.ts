import { useQuery } from '@tanstack/react-query';
import { MAX_TAKE, staffRoutes } from '@clinica/domain';
import { callApi } from '../api/client';
import { usePrivileges } from '../session/hooks';
import { LOOKUPS } from './registry';

/** The staff to choose from: a file of its own, as the staff's schemas are the largest lookup's. */
export const staffEndpoints = { staff: staffRoutes.list };

/**
 * Staff to choose from (the history's 'Usuario' filter): the first page of the list by name, for
 * who may read the staff (the server keeps a branch-fixed role to its branch).
 */
export function useStaffOptions(enabled = true) {
  const { canCall } = usePrivileges();
  return useQuery({
    queryKey: LOOKUPS.staff.key(),
    queryFn: ({ signal }) =>
      callApi(staffEndpoints.staff, {
        query: { take: MAX_TAKE, field: 'name', order: 'ASC' },
        signal,
      }).then((answer) =>
        answer.data.items.map((member) => ({
          id: member.id,
          name: [member.name, member.lastName, member.motherLastName].filter(Boolean).join(' '),
        })),
      ),
    staleTime: LOOKUPS.staff.staleTime,
    enabled: canCall(staffEndpoints.staff) && enabled,
  });
}
