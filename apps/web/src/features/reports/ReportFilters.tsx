import { DatePicker, Flex, Form, Select } from 'antd';
import { dayjs } from '../../shared/format';
import { useBranchOptions, useBranchScope, useStaffOptions } from '../../shared/lookups';
import type { FilterValues, ReportDef } from './types';

/**
 * A report's filter form (CONTRACT §14): month, year, day range, month range, branch, user and
 * type, as the report declares. A role fixed to its branch sees no branch select: the API gives it
 * its own. Every change asks again at once; there is nothing to submit.
 */

interface Props {
  report: ReportDef;
  values: FilterValues;
  onChange: (values: FilterValues) => void;
}

const TYPE_OPTIONS = [
  { value: 'income', label: 'Ingresos' },
  { value: 'expenses', label: 'Gastos' },
];

export function ReportFilters({ report, values, onChange }: Props) {
  const scope = useBranchScope();
  const has = (filter: ReportDef['filters'][number]) => report.filters.includes(filter);
  const branchFilter = !scope.fixed && (has('branch') || has('requiredBranch'));
  const branches = useBranchOptions(branchFilter);
  const staff = useStaffOptions(has('user'));
  const set = (patch: Partial<FilterValues>) => onChange({ ...values, ...patch });
  const id = (name: string) => `report-${report.id}-${name}`;

  return (
    <Form layout="vertical" className="report-filters" component="div">
      <Flex wrap gap={12} align="end">
        {has('month') && (
          <Form.Item label="Mes" htmlFor={id('month')}>
            <DatePicker
              id={id('month')}
              picker="month"
              format="MM/YYYY"
              allowClear={false}
              value={dayjs(values.month, 'YYYY-MM')}
              onChange={(value) => value && set({ month: value.format('YYYY-MM') })}
            />
          </Form.Item>
        )}
        {has('year') && (
          <Form.Item label="Año" htmlFor={id('year')}>
            <DatePicker
              id={id('year')}
              picker="year"
              allowClear={false}
              value={dayjs(values.year, 'YYYY')}
              onChange={(value) => value && set({ year: value.format('YYYY') })}
            />
          </Form.Item>
        )}
        {has('dates') && (
          <Form.Item label="Periodo" htmlFor={id('start')}>
            <DatePicker.RangePicker
              id={{ start: id('start'), end: id('end') }}
              format="DD/MM/YYYY"
              allowClear={false}
              placeholder={['Fecha inicial', 'Fecha final']}
              value={[dayjs(values.startDate), dayjs(values.endDate)]}
              onChange={(range) => {
                if (range?.[0] && range[1]) {
                  set({
                    startDate: range[0].format('YYYY-MM-DD'),
                    endDate: range[1].format('YYYY-MM-DD'),
                  });
                }
              }}
            />
          </Form.Item>
        )}
        {has('monthRange') && (
          <Form.Item label="Meses" htmlFor={id('start-month')}>
            <DatePicker.RangePicker
              id={{ start: id('start-month'), end: id('end-month') }}
              picker="month"
              format="MM/YYYY"
              allowClear={false}
              placeholder={['Mes inicial', 'Mes final']}
              value={[dayjs(values.startMonth, 'YYYY-MM'), dayjs(values.endMonth, 'YYYY-MM')]}
              onChange={(range) => {
                if (range?.[0] && range[1]) {
                  set({
                    startMonth: range[0].format('YYYY-MM'),
                    endMonth: range[1].format('YYYY-MM'),
                  });
                }
              }}
            />
          </Form.Item>
        )}
        {branchFilter && (
          <Form.Item label="Sucursal" htmlFor={id('branch')}>
            <Select<number>
              id={id('branch')}
              style={{ width: 240, maxWidth: '100%' }}
              placeholder={has('requiredBranch') ? 'Elige la sucursal' : 'Todas las sucursales'}
              allowClear={!has('requiredBranch')}
              loading={branches.isLoading}
              value={values.branchId ?? undefined}
              onChange={(value) => set({ branchId: value ?? null })}
              showSearch={{ optionFilterProp: 'label' }}
              options={(branches.data ?? []).map((branch) => ({
                value: branch.id,
                label: branch.name,
              }))}
            />
          </Form.Item>
        )}
        {has('user') && staff.data && (
          <Form.Item label="Usuario" htmlFor={id('user')}>
            <Select<number>
              id={id('user')}
              style={{ width: 260, maxWidth: '100%' }}
              placeholder="Todos"
              allowClear
              value={values.userId ?? undefined}
              onChange={(value) => set({ userId: value ?? null })}
              showSearch={{ optionFilterProp: 'label' }}
              options={staff.data.map((member) => ({ value: member.id, label: member.name }))}
            />
          </Form.Item>
        )}
        {has('type') && (
          <Form.Item label="Tipo" htmlFor={id('type')}>
            <Select<'income' | 'expenses'>
              id={id('type')}
              style={{ width: 180 }}
              placeholder="Ingresos y gastos"
              allowClear
              value={values.type ?? undefined}
              onChange={(value) => set({ type: value ?? null })}
              options={TYPE_OPTIONS}
            />
          </Form.Item>
        )}
      </Flex>
    </Form>
  );
}
