import { Col, Form, Row, Select, Switch } from 'antd';
import { APPLIANCE_STATUSES, applianceBody } from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { SchemaField } from '../../shared/form/SchemaField';
import { useRecordId } from '../../shared/form/useRecordId';
import { PageHeader } from '../../shared/PageHeader';
import { applianceKeys, fetchAppliance, saveAppliance, type Appliance } from './api';
import { ApplianceStatusTag } from '../../shared/ApplianceStatusTag';
import { useTreatmentTypes } from '../../shared/lookups';

function ApplianceFields() {
  const types = useTreatmentTypes();
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <SchemaField
          schema={applianceBody}
          name="typeId"
          extra="El tipo de tratamiento en que se usa el aparato."
        >
          <Select
            placeholder="Selecciona"
            loading={types.isLoading}
            options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
          />
        </SchemaField>
      </Col>
      <Col xs={24} md={12}>
        <SchemaField schema={applianceBody} name="name" />
      </Col>
      <Col xs={24} md={12}>
        <SchemaField schema={applianceBody} name="brand" />
      </Col>
      <Col xs={24} md={12}>
        <SchemaField schema={applianceBody} name="model" />
      </Col>
      <Col xs={24}>
        <SchemaField
          schema={applianceBody}
          name="description"
          showCount
          rows={{ minRows: 2, maxRows: 5 }}
        />
      </Col>
      <Col xs={24} md={12}>
        <SchemaField schema={applianceBody} name="status" label="Estado">
          <Select
            options={APPLIANCE_STATUSES.map((status) => ({
              value: status,
              label: <ApplianceStatusTag status={status} />,
            }))}
          />
        </SchemaField>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item label="Activo" name="active" valuePropName="checked">
          <Switch checkedChildren="Activo" unCheckedChildren="Inactivo" />
        </Form.Item>
      </Col>
    </Row>
  );
}

function toValues(appliance: Appliance) {
  return {
    typeId: appliance.type.id,
    name: appliance.name,
    brand: appliance.brand,
    model: appliance.model,
    description: appliance.description ?? '',
    status: appliance.status,
    active: appliance.active,
  };
}

/** `/dashboard/aparatos/crear` and `/dashboard/aparatos/{id}` (spec 002 §5). */
export function ApplianceFormPage() {
  const { editing } = useRecordId();
  return (
    <>
      <PageHeader
        title={editing ? 'Editar aparato' : 'Nuevo aparato'}
        description="Tipo, nombre, marca, modelo y el estado en que se encuentra el equipo."
      />
      <FormPage
        title="Aparato"
        resource="appliances"
        listPath="/dashboard/aparatos"
        schema={applianceBody}
        load={{ queryKey: applianceKeys.detail, fetch: fetchAppliance }}
        toValues={toValues}
        initialValues={{ status: 'Funcionando', active: true }}
        submit={saveAppliance}
        invalidates={[applianceKeys.all]}
      >
        <ApplianceFields />
      </FormPage>
    </>
  );
}
