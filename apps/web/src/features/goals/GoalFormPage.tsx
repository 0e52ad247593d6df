import { Col, Form, Row, Select, Typography } from 'antd';
import { goalBody, goalProgress, goalUpdateBody } from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { MoneyInput } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { useRecordId } from '../../shared/form/useRecordId';
import { formatMoney } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { useBranchOptions, useBranchScope } from '../../shared/lookups';
import { MONTH_OPTIONS, fetchGoal, goalKeys, saveGoal, yearOptions, type Goal } from './api';

const rule = (name: string) => [zodRule(goalBody, name)];

/** What the month's goal asks per day, as the list will show it. */
function DailyGoalHint() {
  const form = Form.useFormInstance();
  const goal = Form.useWatch('goal', form) as number | null | undefined;
  const month = Form.useWatch('month', form) as string | undefined;
  const year = Form.useWatch('year', form) as string | undefined;
  if (!goal || goal <= 0 || !month || !year) return null;
  const { dailyGoal } = goalProgress({ goal, totalSale: 0, month, year });
  return (
    <Typography.Paragraph type="secondary" aria-live="polite">
      Meta diaria: {formatMoney(dailyGoal)}
    </Typography.Paragraph>
  );
}

function GoalFields({ record }: { record: Goal | null }) {
  const scope = useBranchScope();
  const branches = useBranchOptions(!scope.fixed);
  const branchOptions = scope.fixed
    ? [{ value: scope.branchId ?? 0, label: scope.branchName }]
    : (branches.data ?? [])
        .filter((branch) => !branch.distributionCenter)
        .map((branch) => ({ value: branch.id, label: branch.name }));

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Meta" name="goal" required rules={rule('goal')}>
            <MoneyInput min={0} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Sucursal"
            name="branchId"
            required
            rules={rule('branchId')}
            extra={scope.fixed ? 'Tu rol fija metas solo para tu sucursal.' : undefined}
          >
            <Select
              placeholder="Selecciona"
              disabled={scope.fixed}
              loading={branches.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={branchOptions}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Mes" name="month" required rules={rule('month')}>
            <Select
              placeholder="Selecciona"
              showSearch={{ optionFilterProp: 'label' }}
              options={MONTH_OPTIONS}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Año" name="year" required rules={rule('year')}>
            <Select
              placeholder="Selecciona"
              showSearch={{ optionFilterProp: 'label' }}
              options={yearOptions(new Date(), record?.year)}
            />
          </Form.Item>
        </Col>
      </Row>
      <DailyGoalHint />
    </>
  );
}

const toValues = (goal: Goal) => ({
  goal: goal.goal,
  branchId: goal.branch.id,
  month: goal.month,
  year: goal.year,
});

/** `/dashboard/metas/crear` and `/dashboard/metas/{id}` (spec 002 §2, §5). */
export function GoalFormPage() {
  const { editing } = useRecordId();
  const scope = useBranchScope();
  const now = new Date();

  return (
    <>
      <PageHeader
        title={editing ? 'Editar meta' : 'Nueva meta'}
        description="La venta que la sucursal se propone en un mes; una meta por sucursal y mes."
      />
      <FormPage
        title="Meta"
        resource="goal"
        listPath="/dashboard/metas"
        schema={editing ? goalUpdateBody : goalBody}
        load={{ queryKey: goalKeys.detail, fetch: fetchGoal }}
        toValues={toValues}
        initialValues={{
          branchId: scope.fixed ? (scope.branchId ?? undefined) : undefined,
          month: String(now.getMonth() + 1).padStart(2, '0'),
          year: String(now.getFullYear()),
        }}
        submit={saveGoal}
        invalidates={[goalKeys.all]}
      >
        {({ record }) => <GoalFields record={record} />}
      </FormPage>
    </>
  );
}
