import { Col, Divider, InputNumber, Radio, Row, Typography } from 'antd';
import { providerBody } from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { LimitedInput, PhoneInput } from '../../shared/form/inputs';
import { SchemaField } from '../../shared/form/SchemaField';
import { useRecordId } from '../../shared/form/useRecordId';
import { PageHeader } from '../../shared/PageHeader';
import { maskPhone } from '../../shared/phone';
import { fetchProvider, providerKeys, saveProvider, type Provider } from './api';

const upper = (event: { target: { value: string } }) => event.target.value.toUpperCase();
const digitsOnly = (event: { target: { value: string } }) => event.target.value.replace(/\D/g, '');

function Section({ children }: { children: string }) {
  return (
    <Divider titlePlacement="start" style={{ marginTop: 8 }}>
      <Typography.Text strong>{children}</Typography.Text>
    </Divider>
  );
}

function ProviderFields() {
  return (
    <>
      <Section>Datos fiscales</Section>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <SchemaField schema={providerBody} name="name" showCount />
        </Col>
        <Col xs={24} md={12}>
          <SchemaField schema={providerBody} name="tradename" showCount />
        </Col>
        <Col xs={24} md={12}>
          <SchemaField
            schema={providerBody}
            name="rfc"
            getValueFromEvent={upper}
            extra="12 caracteres para persona moral, 13 para persona física."
          >
            <LimitedInput max={13} style={{ fontFamily: 'monospace' }} />
          </SchemaField>
        </Col>
        <Col xs={24} md={12}>
          <SchemaField schema={providerBody} name="regime" label="Régimen">
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'Moral', label: 'Persona moral' },
                { value: 'Fisica', label: 'Persona física' },
              ]}
            />
          </SchemaField>
        </Col>
      </Row>
      <Section>Dirección</Section>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <SchemaField schema={providerBody} name="address" showCount />
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={providerBody} name="zipCode" getValueFromEvent={digitsOnly}>
            <LimitedInput max={5} inputMode="numeric" />
          </SchemaField>
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={providerBody} name="city" />
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={providerBody} name="state" />
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={providerBody} name="country" />
        </Col>
      </Row>
      <Section>Contacto</Section>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <SchemaField schema={providerBody} name="contactName" showCount />
        </Col>
        <Col xs={24} md={12}>
          <SchemaField schema={providerBody} name="email">
            <LimitedInput type="email" max={100} autoComplete="email" />
          </SchemaField>
        </Col>
        <Col xs={24} md={12}>
          <SchemaField schema={providerBody} name="phone">
            <PhoneInput />
          </SchemaField>
        </Col>
        <Col xs={24} md={12}>
          <SchemaField schema={providerBody} name="mobilePhone">
            <PhoneInput />
          </SchemaField>
        </Col>
      </Row>
      <Section>Pago y entrega</Section>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <SchemaField schema={providerBody} name="payConditions" label="Condiciones de pago">
            <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} suffix="días" />
          </SchemaField>
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={providerBody} name="deliveryTime">
            <LimitedInput max={50} placeholder="Ej. 3 días hábiles" />
          </SchemaField>
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={providerBody} name="bank" />
        </Col>
        <Col xs={24} md={12}>
          <SchemaField schema={providerBody} name="clabeAccount" getValueFromEvent={digitsOnly}>
            <LimitedInput max={18} inputMode="numeric" />
          </SchemaField>
        </Col>
        <Col xs={24} md={12}>
          <SchemaField schema={providerBody} name="bankAccount" getValueFromEvent={digitsOnly}>
            <LimitedInput max={20} inputMode="numeric" />
          </SchemaField>
        </Col>
      </Row>
    </>
  );
}

function toValues(provider: Provider) {
  const { id: _id, created_at: _created, deleted_at: _deleted, ...fields } = provider;
  return {
    ...fields,
    phone: maskPhone(provider.phone),
    mobilePhone: maskPhone(provider.mobilePhone),
  };
}

/** `/dashboard/proveedores/crear` and `/dashboard/proveedores/{id}` (spec 001 §5). */
export function ProviderFormPage() {
  const { editing } = useRecordId();
  return (
    <>
      <PageHeader
        title={editing ? 'Editar proveedor' : 'Nuevo proveedor'}
        description="Datos fiscales, contacto y condiciones de pago del proveedor."
      />
      <FormPage
        title="Proveedor"
        resource="providers"
        listPath="/dashboard/proveedores"
        schema={providerBody}
        load={{ queryKey: providerKeys.detail, fetch: fetchProvider }}
        toValues={toValues}
        initialValues={{ country: 'México', regime: 'Moral', payConditions: 30 }}
        submit={saveProvider}
        invalidates={[providerKeys.all]}
      >
        <ProviderFields />
      </FormPage>
    </>
  );
}
