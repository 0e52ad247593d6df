import { useEffect, useRef } from 'react';
import { Col, Divider, Flex, Form, Row, Select, Switch, Typography } from 'antd';
import { cabinBody, cabinUpdateBody } from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { LimitedInput } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { useRecordId } from '../../shared/form/useRecordId';
import { PageHeader } from '../../shared/PageHeader';
import {
  ScheduleEditor,
  isOpen,
  rangeText,
  weekOf,
  type ScheduleValue,
} from '../../shared/schedule/ScheduleEditor';
import { ColorSwatch } from '../../shared/ColorSwatch';
import { cabinKeys, fetchCabin, saveCabin, type Cabin } from './api';
import { useBranchOptions, useBranchScope, useCabinTypeOptions } from '../../shared/lookups';

// The fields' rules are the create's; the status switch (edit only) has no rule of its own.
const rule = (name: string) => [zodRule(cabinBody, name)];

function CabinFields({ editing }: { editing: boolean }) {
  const form = Form.useFormInstance();
  const scope = useBranchScope();
  const branches = useBranchOptions();
  const types = useCabinTypeOptions();
  const branchId = Form.useWatch('branchId', form) as number | undefined;
  const branch = branches.data?.find((candidate) => candidate.id === branchId);
  const branchWeek: ScheduleValue[] | null = branch ? weekOf(branch.schedules) : null;
  const applied = useRef<number | null>(null);

  // A new cabin starts with its branch's hours (spec: the schedule defaults to the branch's).
  useEffect(() => {
    if (editing || !branch || applied.current === branch.id) return;
    applied.current = branch.id;
    form.setFieldValue('schedule', weekOf(branch.schedules));
  }, [editing, branch, form]);

  const clinics = (branches.data ?? []).filter((candidate) => !candidate.distributionCenter);
  const branchOptions = scope.fixed
    ? [{ value: scope.branchId ?? 0, label: scope.branchName }]
    : clinics.map((candidate) => ({ value: candidate.id, label: candidate.name }));

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Nombre" name="name" required rules={rule('name')}>
            <LimitedInput max={60} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Tipo de cabina" name="typeId" required rules={rule('typeId')}>
            <Select
              placeholder="Selecciona"
              loading={types.isLoading}
              showSearch={{ optionFilterProp: 'title' }}
              options={(types.data ?? []).map((type) => ({
                value: type.id,
                title: type.name,
                label: (
                  <Flex align="center" gap={8}>
                    <ColorSwatch hex={type.color} size={14} />
                    {type.name}
                  </Flex>
                ),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Sucursal"
            name="branchId"
            required
            rules={rule('branchId')}
            extra={scope.fixed ? 'Tu rol crea cabinas solo en tu sucursal.' : undefined}
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
          <Form.Item label="Usuario" name="description" rules={rule('description')}>
            <LimitedInput max={80} />
          </Form.Item>
        </Col>
        {editing && (
          <Col xs={24}>
            <Form.Item label="Estatus" name="status" valuePropName="checked">
              <Switch checkedChildren="Activa" unCheckedChildren="Inactiva" />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Divider titlePlacement="start" style={{ marginTop: 8 }}>
        <Typography.Text strong>Horario</Typography.Text>
      </Divider>
      <Typography.Paragraph type="secondary">
        {branch
          ? `El horario de cada día debe quedar dentro del de ${branch.name}.`
          : 'Elige la sucursal para ver su horario.'}
      </Typography.Paragraph>
      <ScheduleEditor
        suggestions={branchWeek ?? undefined}
        bounds={branchWeek ?? undefined}
        hint={(day) => {
          const branchDay = branchWeek?.find((entry) => entry.day === day);
          if (!branchDay) return null;
          return isOpen(branchDay) ? `Sucursal: ${rangeText(branchDay)}` : 'Sucursal cerrada';
        }}
      />
    </>
  );
}

function toValues(cabin: Cabin) {
  return {
    name: cabin.name,
    typeId: cabin.type.id,
    branchId: cabin.branch.id,
    status: cabin.status,
    description: cabin.description ?? '',
    schedule: weekOf(cabin.schedules),
  };
}

/** `/dashboard/cabinas/crear` and `/dashboard/cabinas/{id}` (spec 000 §3, §5). */
export function CabinFormPage() {
  const { editing } = useRecordId();
  const scope = useBranchScope();

  return (
    <>
      <PageHeader
        title={editing ? 'Editar cabina' : 'Nueva cabina'}
        description="Nombre, tipo, sucursal y el horario en que la cabina recibe citas."
      />
      <FormPage
        title="Cabina"
        resource="cabain"
        listPath="/dashboard/cabinas"
        // A new cabin is active (spec 000 §3): only the update's schema takes the status switch.
        schema={editing ? cabinUpdateBody : cabinBody}
        load={{ queryKey: cabinKeys.detail, fetch: fetchCabin }}
        toValues={toValues}
        initialValues={{
          branchId: scope.fixed ? (scope.branchId ?? undefined) : undefined,
          schedule: weekOf([]),
        }}
        submit={saveCabin}
        invalidates={[cabinKeys.all]}
      >
        <CabinFields editing={editing} />
      </FormPage>
    </>
  );
}
