import { DatePicker, Select } from 'antd';
import { dayjs } from '../format';
import type { FilterValue } from './listState';
import type { ListFilter } from './types';

/** One of a list's filters: a select, or a date range sent as two `YYYY-MM-DD` values. */
export function FilterControl({
  filter,
  value,
  onChange,
  idPrefix,
}: {
  filter: ListFilter;
  value: FilterValue | undefined;
  onChange: (value: FilterValue) => void;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${filter.name}`;
  if (filter.kind === 'select') {
    return (
      <Select
        id={id}
        aria-label={filter.label}
        placeholder={filter.label}
        allowClear
        loading={filter.loading}
        style={{ width: filter.width ?? 190 }}
        options={filter.options}
        value={(value as string | number | null | undefined) ?? undefined}
        onChange={(next: string | number | undefined) => onChange(next ?? null)}
        showSearch={{ optionFilterProp: 'label', onSearch: filter.onSearch }}
      />
    );
  }
  const range = Array.isArray(value) && value.length === 2 ? value : null;
  return (
    <DatePicker.RangePicker
      id={{ start: `${id}-desde`, end: `${id}-hasta` }}
      aria-label={filter.label}
      format="DD-MM-YYYY"
      placeholder={[`${filter.label}: desde`, 'hasta']}
      value={range ? [dayjs(String(range[0])), dayjs(String(range[1]))] : null}
      onChange={(dates) => {
        const [from, to] = dates ?? [];
        onChange(from && to ? [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')] : null);
      }}
      allowClear
    />
  );
}
