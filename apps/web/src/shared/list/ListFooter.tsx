import { Flex, Grid, Pagination, Select } from 'antd';
import { PAGE_SIZES } from '@clinica/domain';
import { formatNumber } from '../format';
import { ALL_OPTION } from './listQuery';
import type { ListState } from './listState';

/** Below the table: which rows are shown of how many, the pages and the page size. */
export function ListFooter({
  state,
  update,
  total,
  sizes = { sizes: PAGE_SIZES, all: true },
}: {
  state: ListState;
  update: (change: Partial<ListState>) => void;
  /** The page sizes offered, and whether 'Todos' is one of them. */
  sizes?: { sizes: readonly number[]; all: boolean };
  /** Null while the first page loads: nothing is known yet, so nothing is claimed. */
  total: number | null;
}) {
  // On a phone seven full-size page numbers already reach past 390 px: smaller ones, fewer.
  const phone = !Grid.useBreakpoint().sm;
  if (total === null) {
    return (
      <Flex style={{ padding: 16 }}>
        <span style={{ color: '#51605f' }}>Cargando registros…</span>
      </Flex>
    );
  }
  const all = state.take === ALL_OPTION;
  const take = state.take === ALL_OPTION ? total : state.take;
  const first = total === 0 ? 0 : all ? 1 : (state.page - 1) * take + 1;
  const last = all ? total : Math.min(state.page * take, total);
  return (
    <Flex wrap gap={12} justify="space-between" align="center" style={{ padding: 16 }}>
      <span aria-live="polite" style={{ color: '#51605f' }}>
        {total === 0
          ? 'Sin registros'
          : `Mostrando ${formatNumber(first)}–${formatNumber(last)} de ${formatNumber(total)} registros`}
      </span>
      <Flex gap={12} align="center" wrap>
        {!all && (
          <Pagination
            current={state.page}
            pageSize={take}
            total={total}
            showSizeChanger={false}
            size={phone ? 'small' : undefined}
            showLessItems={phone}
            onChange={(page) => update({ page })}
          />
        )}
        <Select
          aria-label="Registros por página"
          style={{ width: 150 }}
          value={state.take}
          onChange={(value: number | 'all') => update({ take: value, page: 1 })}
          options={[
            ...sizes.sizes.map((size) => ({ value: size, label: `${size} por página` })),
            ...(sizes.all ? [{ value: ALL_OPTION, label: 'Todos' }] : []),
          ]}
        />
      </Flex>
    </Flex>
  );
}
