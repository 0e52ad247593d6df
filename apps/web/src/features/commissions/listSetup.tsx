import { useMemo } from 'react';
import { Button } from 'antd';
import type { Resource } from '@clinica/domain';
import type { ListQueryParams } from '../../shared/list/fetchAll';
import { listQueryOf } from '../../shared/list/listQuery';
import type { ListColumn, ListFilter } from '../../shared/list/types';
import { useKeptListState } from '../../shared/list/useListQuery';
import { useBranchFilter } from '../../shared/lookups';
import { fullNameOf } from '../../shared/people';
import { usePrivileges } from '../../shared/session/hooks';
import { textColumn } from '../../shared/list/columns';

/** The detail's page sizes (spec 002 §7: 5 rows a page, options 5, 10 and 15). */
export const DETAIL_SIZES = { sizes: [5, 10, 15], initial: 5, all: false } as const;

export const totalsSearch = [
  { value: 'name', label: 'Nombre' },
  { value: 'employeeNumber', label: 'Número de empleado' },
];
export const totalsSort = { field: 'total', order: 'DESC' } as const;

/** A person's rows are searched by the customer's name. */
export const detailSearch = [{ value: 'customer', label: 'Cliente' }];

const dates: ListFilter = {
  kind: 'dateRange',
  name: 'dates',
  label: 'Fecha',
  fromParam: 'startDate',
  toParam: 'endDate',
};

/**
 * The filters of a commission list (spec 002 §2): the branch only for those who see every branch
 * (`approve`; the server keeps the rest to their own), and the days.
 */
export function useCommissionFilters(resource: Resource): ListFilter[] {
  const { can } = usePrivileges();
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const approves = can(resource, 'approve');
  return useMemo(() => [...(approves ? branchFilter : []), dates], [approves, branchFilter]);
}

export const datesOnly: ListFilter[] = [dates];

/**
 * The totals list's current branch and days, for a person's detail: the same filters, so the
 * detail's rows add up to the totals shown.
 */
export function useTotalsFilters(listKey: string, filters: ListFilter[]): ListQueryParams {
  const [state] = useKeptListState({
    listKey,
    searchFields: totalsSearch,
    defaultSort: totalsSort,
  });
  return useMemo(() => {
    const query = listQueryOf(state, filters);
    const kept: ListQueryParams = {};
    for (const key of ['branchId', 'startDate', 'endDate'])
      if (query[key] !== undefined) kept[key] = query[key];
    return kept;
  }, [state, filters]);
}

type Payee = { name: string; lastName: string; motherLastName: string | null };

/**
 * The person a row is paid to: with `edit`, a link-styled button opening the reassignment form
 * (spec 002 §2); otherwise their name.
 */
export function payeeColumn<T>(
  title: string,
  payeeOf: (row: T) => Payee,
  onReassign: ((row: T) => void) | null,
): ListColumn<T> {
  const plain = textColumn<T>('user', title, (row) => fullNameOf(payeeOf(row)));
  if (!onReassign) return plain;
  return {
    ...plain,
    render: (row) => (
      <Button
        type="link"
        style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
        onClick={() => onReassign(row)}
        aria-label={`Reasignar: ${fullNameOf(payeeOf(row))}`}
      >
        {fullNameOf(payeeOf(row))}
      </Button>
    ),
  };
}
