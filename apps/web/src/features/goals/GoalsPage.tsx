import { useMemo } from 'react';
import { Flex, Progress, Typography } from 'antd';
import { periodLabel } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { moneyColumn, tagColumn, textColumn } from '../../shared/list/columns';
import { selectFilter } from '../../shared/list/filters';
import { editAction } from '../../shared/list/rowActions';
import { useBranchFilter, useBranchScope } from '../../shared/lookups';
import { MONTH_OPTIONS, fetchGoalPage, goalKeys, removeGoal, yearOptions, type Goal } from './api';

const monthName = (goal: Goal) => {
  const label = periodLabel(goal);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/** The month's sales against its goal: the bar stops at 100 %, the number says how far past. */
function GoalProgress({ goal }: { goal: Goal }) {
  const reached = goal.percentage >= 100;
  return (
    <Flex vertical gap={2} style={{ minWidth: 110 }}>
      <Typography.Text strong>{goal.percentage.toFixed(2)} %</Typography.Text>
      <Progress
        percent={Math.min(goal.percentage, 100)}
        showInfo={false}
        size="small"
        status={reached ? 'success' : 'normal'}
        aria-label={`Avance de la meta de ${goal.branch.name}, ${periodLabel(goal)}: ${goal.percentage.toFixed(2)} %`}
      />
    </Flex>
  );
}

const columns = [
  textColumn<Goal>('branch', 'Sucursal', (goal) => goal.branch.name, { sort: true }),
  textColumn<Goal>('period', 'Mes', monthName, { sort: true }),
  moneyColumn<Goal>('goal', 'Meta', (goal) => goal.goal, { sort: true }),
  moneyColumn<Goal>('totalSale', 'Venta total', (goal) => goal.totalSale),
  moneyColumn<Goal>('remaining', 'Restante para la meta', (goal) => goal.remaining),
  moneyColumn<Goal>('dailyGoal', 'Meta diaria', (goal) => goal.dailyGoal),
  tagColumn<Goal>(
    'percentage',
    'Porcentaje de venta',
    (goal) => <GoalProgress goal={goal} />,
    (goal) => `${goal.percentage.toFixed(2)} %`,
    { width: 150 },
  ),
];

const rowActions = [editAction<Goal>((goal) => `/dashboard/metas/${goal.id}`)];

/** `/dashboard/metas` (spec 002 §2). */
export function GoalsPage() {
  const scope = useBranchScope();
  const branchFilter = useBranchFilter({ clinicsOnly: true });
  const filters = useMemo(
    () => [
      ...branchFilter,
      selectFilter('month', 'Mes', MONTH_OPTIONS, { width: 150 }),
      selectFilter('year', 'Año', yearOptions(), { width: 110 }),
    ],
    [branchFilter],
  );

  return (
    <>
      <PageHeader
        title="Metas"
        description={
          scope.fixed
            ? `La meta de venta de ${scope.branchName} por mes: cuánto se ha vendido y cuánto falta.`
            : 'La meta de venta de cada sucursal por mes: cuánto se ha vendido y cuánto falta.'
        }
      />
      <ResourceList<Goal>
        listKey={goalKeys.all[0]}
        resource="goal"
        title="Metas"
        exportName="metas"
        fetchPage={fetchGoalPage}
        rowKey={(goal) => goal.id}
        rowLabel={(goal) => `${goal.branch.name}, ${periodLabel(goal)}`}
        columns={columns}
        searchFields={[{ value: 'branch', label: 'Sucursal' }]}
        filters={filters}
        defaultSort={{ field: 'period', order: 'DESC' }}
        rowActions={rowActions}
        remove={removeGoal}
        createPath="/dashboard/metas/crear"
        emptyText="No hay metas con estos filtros"
      />
    </>
  );
}
