import { Col, Form, Row, Select, Switch } from 'antd';
import { APPLIANCE_STATUSES, branchApplianceBody } from '@clinica/domain';
import { usePrivileges } from '../../shared/session/hooks';
import { FormPage } from '../../shared/form/FormPage';
import { DateInput, LimitedInput, LimitedTextArea } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { useRecordId } from '../../shared/form/useRecordId';
import { PageHeader } from '../../shared/PageHeader';
import { ApplianceStatusTag } from '../../shared/ApplianceStatusTag';
import {
  branchApplianceKeys,
  fetchBranchAppliance,
  saveBranchAppliance,
  useFixedBranch,
  type BranchAppliance,
} from './api';
import { useBranchOptions, useApplianceOptions } from '../../shared/lookups';

const rule = (name: string) => [zodRule(branchApplianceBody, name)];

/**
 * Who may change what (spec 002 §6): approve chooses the appliance and toggles the status; create
 * chooses the branch (roles fixed to a branch link to theirs).
 */
function LinkFields({ editing }: { editing: boolean }) {
  const { can } = usePrivileges();
  const fixed = useFixedBranch();
  const branches = useBranchOptions(!fixed);
  const appliances = useApplianceOptions();
  const choosesAppliance = !editing || can('appliances', 'approve');
  const choosesBranch = !fixed && can('appliances', 'create');
  const togglesStatus = can('appliances', 'approve');

  const branchOptions = fixed
    ? [{ value: fixed.id, label: fixed.name }]
    : (branches.data ?? []).map((branch) => ({ value: branch.id, label: branch.name }));

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item label="Aparato" name="applianceId" required rules={rule('applianceId')}>
          <Select
            placeholder="Selecciona"
            disabled={!choosesAppliance}
            loading={appliances.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(appliances.data ?? []).map((appliance) => ({
              value: appliance.id,
              label: `${appliance.name} · ${appliance.brand} ${appliance.model}`,
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Sucursal"
          name="branchId"
          required={choosesBranch}
          rules={rule('branchId')}
          extra={fixed ? 'Tu rol vincula aparatos solo a tu sucursal.' : undefined}
        >
          <Select
            placeholder="Selecciona"
            disabled={!choosesBranch}
            loading={branches.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={branchOptions}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="SKU"
          name="sku"
          required
          rules={rule('sku')}
          extra="El número que identifica el equipo en la sucursal."
        >
          <LimitedInput max={30} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Estado" name="statusDescription" rules={rule('statusDescription')}>
          <Select
            options={APPLIANCE_STATUSES.map((status) => ({
              value: status,
              label: <ApplianceStatusTag status={status} />,
            }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Último mantenimiento"
          name="lastMaintenance"
          rules={rule('lastMaintenance')}
        >
          <DateInput noFuture />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          label="Estatus"
          name="status"
          valuePropName="checked"
          extra={togglesStatus ? undefined : 'Activar o desactivar requiere el permiso de aprobar.'}
        >
          <Switch checkedChildren="Activo" unCheckedChildren="Inactivo" disabled={!togglesStatus} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item label="Comentarios" name="comments" rules={rule('comments')}>
          <LimitedTextArea max={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Col>
    </Row>
  );
}

function toValues(link: BranchAppliance) {
  return {
    applianceId: link.appliance.id,
    branchId: link.branch.id,
    sku: link.sku,
    statusDescription: link.statusDescription,
    lastMaintenance: link.lastMaintenance,
    comments: link.comments ?? '',
    status: link.status,
  };
}

/** `/dashboard/aparatos-sucursal/vincular` and `/dashboard/aparatos-sucursal/{id}`. */
export function BranchApplianceFormPage() {
  const { editing } = useRecordId();
  const { can } = usePrivileges();
  const fixed = useFixedBranch();

  /** Only what this user may change travels: the API refuses the rest (spec 002 §6). */
  function submit(
    body: Parameters<typeof saveBranchAppliance>[0],
    id: number | null,
  ): ReturnType<typeof saveBranchAppliance> {
    const { branchId, applianceId, status, ...rest } = body;
    const approver = can('appliances', 'approve');
    return saveBranchAppliance(
      {
        ...rest,
        applianceId,
        ...(!fixed && can('appliances', 'create') ? { branchId } : {}),
        ...(approver ? { status } : {}),
      },
      id,
    );
  }

  return (
    <>
      <PageHeader
        title={editing ? 'Editar aparato de sucursal' : 'Vincular aparato'}
        description="El aparato, la sucursal donde está, su número, su estado y su último mantenimiento."
      />
      <FormPage
        title="Aparato de sucursal"
        resource="appliances"
        listPath="/dashboard/aparatos-sucursal"
        schema={branchApplianceBody}
        load={{ queryKey: branchApplianceKeys.detail, fetch: fetchBranchAppliance }}
        toValues={toValues}
        initialValues={{
          statusDescription: 'Funcionando',
          status: true,
          branchId: fixed?.id,
        }}
        submit={submit}
        invalidates={[branchApplianceKeys.all]}
        submitLabel={editing ? 'Guardar' : 'Vincular'}
      >
        <LinkFields editing={editing} />
      </FormPage>
    </>
  );
}
