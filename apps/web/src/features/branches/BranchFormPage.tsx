import { Col, Divider, Form, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { TIME_ZONES, branchBody } from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { LimitedInput, PhoneInput } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { useRecordId } from '../../shared/form/useRecordId';
import { PageHeader } from '../../shared/PageHeader';
import { maskPhone } from '../../shared/phone';
import { ScheduleEditor, weekOf } from '../../shared/schedule/ScheduleEditor';
import { branchKeys, fetchBranch, saveBranch, type Branch } from './api';

const rule = (name: string) => [zodRule(branchBody, name)];

function toValues(branch: Branch) {
  return {
    name: branch.name,
    street: branch.street,
    extNumber: branch.extNumber,
    intNumber: branch.intNumber ?? '',
    suburb: branch.suburb,
    city: branch.city,
    state: branch.state,
    zipCode: branch.zipCode,
    phone: maskPhone(branch.phone),
    lat: branch.lat,
    lng: branch.lng,
    code: branch.code,
    zone: branch.zone,
    franchise: branch.franchise,
    active: branch.active,
    rfc: branch.rfc,
    businessName: branch.businessName,
    schedule: weekOf(branch.schedules),
  };
}

const initialValues = {
  zone: 'America/Tijuana',
  active: true,
  franchise: false,
  schedule: weekOf([]),
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Divider titlePlacement="start" style={{ marginTop: 8 }}>
        <Typography.Text strong>{title}</Typography.Text>
      </Divider>
      {children}
    </section>
  );
}

/** `/dashboard/sucursales/crear` and `/dashboard/sucursales/{id}` (spec 000 §3, §5). */
export function BranchFormPage() {
  const { editing } = useRecordId();
  return (
    <>
      <PageHeader
        title={editing ? 'Editar sucursal' : 'Nueva sucursal'}
        description="Datos fiscales, dirección y horario semanal."
      />
      <FormPage
        title="Sucursal"
        resource="branch"
        listPath="/dashboard/sucursales"
        schema={branchBody}
        load={{ queryKey: branchKeys.detail, fetch: fetchBranch }}
        toValues={toValues}
        initialValues={initialValues}
        submit={saveBranch}
        invalidates={[branchKeys.all]}
      >
        {({ record }) => (
          <>
            <Section title="Datos generales">
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item label="Nombre" name="name" required rules={rule('name')}>
                    <LimitedInput max={100} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} md={6}>
                  <Form.Item
                    label="Código"
                    name="code"
                    required
                    rules={rule('code')}
                    extra="10 caracteres"
                  >
                    <LimitedInput max={10} style={{ textTransform: 'uppercase' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} md={6}>
                  <Form.Item label="Teléfono" name="phone" required rules={rule('phone')}>
                    <PhoneInput />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    label="Razón social"
                    name="businessName"
                    required
                    rules={rule('businessName')}
                  >
                    <LimitedInput max={150} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} md={6}>
                  <Form.Item label="RFC" name="rfc" required rules={rule('rfc')}>
                    <LimitedInput max={13} style={{ textTransform: 'uppercase' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} md={6}>
                  <Form.Item label="Zona horaria" name="zone" rules={rule('zone')}>
                    <Select
                      allowClear
                      options={TIME_ZONES.map((zone) => ({ value: zone.value, label: zone.label }))}
                    />
                  </Form.Item>
                </Col>
              </Row>
              {!record?.distributionCenter && (
                <Row gutter={16}>
                  <Col>
                    <Form.Item label="Activar" name="active" valuePropName="checked">
                      <Switch checkedChildren="Activa" unCheckedChildren="Inactiva" />
                    </Form.Item>
                  </Col>
                  <Col>
                    <Form.Item label="Franquicia" name="franchise" valuePropName="checked">
                      <Switch checkedChildren="Sí" unCheckedChildren="No" />
                    </Form.Item>
                  </Col>
                </Row>
              )}
            </Section>
            <Section title="Dirección">
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item label="Calle" name="street" required rules={rule('street')}>
                    <LimitedInput max={150} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item
                    label="Número exterior"
                    name="extNumber"
                    required
                    rules={rule('extNumber')}
                  >
                    <LimitedInput max={20} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item label="Número interior" name="intNumber" rules={rule('intNumber')}>
                    <LimitedInput max={20} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Colonia" name="suburb" required rules={rule('suburb')}>
                    <LimitedInput max={100} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item label="Código postal" name="zipCode" required rules={rule('zipCode')}>
                    <LimitedInput max={5} inputMode="numeric" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Ciudad" name="city" required rules={rule('city')}>
                    <LimitedInput max={100} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Estado" name="state" required rules={rule('state')}>
                    <LimitedInput max={100} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item label="Latitud" name="lat" rules={rule('lat')}>
                    <InputNumber style={{ width: '100%' }} min={-90} max={90} step={0.00001} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item label="Longitud" name="lng" rules={rule('lng')}>
                    <InputNumber style={{ width: '100%' }} min={-180} max={180} step={0.00001} />
                  </Form.Item>
                </Col>
              </Row>
            </Section>
            <Section title="Horario">
              <Typography.Paragraph type="secondary">
                Activa los días que abre la sucursal y elige su horario en intervalos de 30 minutos.
                Un día apagado se guarda como día de descanso.
              </Typography.Paragraph>
              <ScheduleEditor />
            </Section>
          </>
        )}
      </FormPage>
    </>
  );
}
