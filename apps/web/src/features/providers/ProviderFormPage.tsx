import { useParams } from 'react-router';
import { Col, Divider, Form, Input, InputNumber, Radio, Row, Typography } from 'antd';
import { providerBody } from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { PhoneInput } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { PageHeader } from '../../shared/PageHeader';
import { maskPhone } from '../../shared/phone';
import { fetchProvider, providerKeys, saveProvider, type Provider } from './api';

const rule = (name: string) => [zodRule(providerBody, name)];
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
          <Form.Item label="Nombre" name="name" required rules={rule('name')}>
            <Input maxLength={50} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Nombre comercial" name="tradename" required rules={rule('tradename')}>
            <Input maxLength={50} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="RFC"
            name="rfc"
            required
            rules={rule('rfc')}
            getValueFromEvent={upper}
            extra="12 caracteres para persona moral, 13 para persona física."
          >
            <Input maxLength={13} style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Régimen" name="regime" required rules={rule('regime')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'Moral', label: 'Persona moral' },
                { value: 'Fisica', label: 'Persona física' },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Section>Dirección</Section>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <Form.Item label="Dirección" name="address" rules={rule('address')}>
            <Input maxLength={50} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label="Código postal"
            name="zipCode"
            rules={rule('zipCode')}
            getValueFromEvent={digitsOnly}
          >
            <Input maxLength={5} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Ciudad" name="city" rules={rule('city')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Estado" name="state" rules={rule('state')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="País" name="country" rules={rule('country')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
      </Row>
      <Section>Contacto</Section>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Nombre de contacto"
            name="contactName"
            required
            rules={rule('contactName')}
          >
            <Input maxLength={50} showCount />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Correo electrónico" name="email" rules={rule('email')}>
            <Input type="email" maxLength={100} autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Teléfono" name="phone" required rules={rule('phone')}>
            <PhoneInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Celular" name="mobilePhone" required rules={rule('mobilePhone')}>
            <PhoneInput />
          </Form.Item>
        </Col>
      </Row>
      <Section>Pago y entrega</Section>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            label="Condiciones de pago"
            name="payConditions"
            required
            rules={rule('payConditions')}
          >
            <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} suffix="días" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Tiempo de entrega" name="deliveryTime" rules={rule('deliveryTime')}>
            <Input maxLength={50} placeholder="Ej. 3 días hábiles" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Banco" name="bank" rules={rule('bank')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="CLABE"
            name="clabeAccount"
            rules={rule('clabeAccount')}
            getValueFromEvent={digitsOnly}
          >
            <Input maxLength={18} showCount inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label="Cuenta bancaria"
            name="bankAccount"
            rules={rule('bankAccount')}
            getValueFromEvent={digitsOnly}
          >
            <Input maxLength={20} showCount inputMode="numeric" />
          </Form.Item>
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
  const params = useParams<{ id?: string }>();
  const editing = params.id !== undefined && params.id !== 'crear';
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
