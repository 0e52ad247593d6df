import type { ReactNode } from 'react';
import { Card, Col, Form, Input, Row, Typography } from 'antd';
import { FINAL_CONTRACT, staffMessages } from '@clinica/domain';
import { DateInput, LimitedInput, PhoneInput } from '../../../shared/form/inputs';
import { zodRule } from '../../../shared/form/zodRules';
import { createStaffForm, extraRules } from '../staffForm';

type Path = (string | number)[];
const rules = (path: Path) => [zodRule(createStaffForm, path)];

function Group({
  title,
  optional,
  children,
}: {
  title: string;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={
        <span>
          {title}
          {optional && (
            <Typography.Text
              type="secondary"
              style={{ fontWeight: 'normal', marginInlineStart: 8 }}
            >
              (opcional)
            </Typography.Text>
          )}
        </span>
      }
      style={{ marginBottom: 16 }}
    >
      <Row gutter={16}>{children}</Row>
    </Card>
  );
}

function Field({
  label,
  path,
  max,
  required,
  span = 8,
  phone,
}: {
  label: string;
  path: Path;
  max?: number;
  required: boolean;
  span?: number;
  phone?: boolean;
}) {
  return (
    <Col xs={24} md={span}>
      <Form.Item label={label} name={path} required={required} rules={rules(path)}>
        {phone ? <PhoneInput /> : max ? <LimitedInput max={max} /> : <Input />}
      </Form.Item>
    </Col>
  );
}

export function ContactosStep() {
  return (
    <>
      {[0, 1].map((index) => {
        const path = (field: string): Path => ['kardex', 'contacts', index, field];
        const main = index === 0;
        return (
          <Group
            key={index}
            title={main ? 'Contacto de emergencia principal' : 'Contacto secundario'}
            optional={!main}
          >
            <Field label="Nombre" path={path('name')} max={100} required={main} />
            <Field label="Parentesco" path={path('relationships')} max={50} required={main} />
            <Field label="Teléfono" path={path('phone')} required={main} phone />
          </Group>
        );
      })}
    </>
  );
}

export function ReferenciasStep() {
  return (
    <>
      {[0, 1].map((index) => {
        const path = (field: string): Path => ['kardex', 'jobReferences', index, field];
        const main = index === 0;
        return (
          <Group
            key={index}
            title={main ? 'Referencia laboral principal' : 'Referencia laboral secundaria'}
            optional={!main}
          >
            <Field label="Empresa" path={path('company')} max={80} required={main} span={12} />
            <Field label="Puesto" path={path('position')} max={80} required={main} span={12} />
            <Field label="Jefe inmediato" path={path('boss')} max={80} required={main} span={12} />
            <Field label="Teléfono" path={path('phone')} required={main} span={12} phone />
          </Group>
        );
      })}
    </>
  );
}

const contractName = (number: number) =>
  number === FINAL_CONTRACT ? 'Contrato final (indefinido)' : `Contrato ${number}`;

/** Contracts are signed in order: a row opens once the previous one has its date. */
export function ContratosStep() {
  const form = Form.useFormInstance();
  const signatures = Form.useWatch(['kardex', 'signatures'], form) as
    { date?: string | null }[] | undefined;
  const dates = [0, 1, 2, 3].map((index) => signatures?.[index]?.date);
  return (
    <Row gutter={16}>
      {[0, 1, 2, 3].map((index) => {
        const first = index === 0;
        const open = first || Boolean(dates[index - 1]) || Boolean(dates[index]);
        return (
          <Col xs={24} md={12} key={index}>
            <Form.Item
              label={`${contractName(index + 1)}: fecha de firma`}
              name={['kardex', 'signatures', index, 'date']}
              required={first}
              extra={
                first ? undefined : open ? 'Opcional' : 'Primero registra el contrato anterior'
              }
              rules={[
                ...(first ? [{ required: true, message: staffMessages.firstSignature }] : []),
                ...rules(['kardex', 'signatures', index, 'date']),
                extraRules.notFuture('Fecha de firma'),
              ]}
            >
              <DateInput noFuture disabled={!open} />
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}
