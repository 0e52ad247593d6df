import { useState } from 'react';
import { Col, Divider, Form, Row, Select, Switch, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  CUSTOMER_MARITAL_STATUSES,
  GENDERS,
  customerBody,
  customerUpdateBody,
  isAdultOn,
  maskPhone,
} from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { DateInput, LimitedInput, PhoneInput } from '../../shared/form/inputs';
import { SchemaField } from '../../shared/form/SchemaField';
import { useRecordId } from '../../shared/form/useRecordId';
import { todayInBranch } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { customerKeys, fetchCustomer, fetchTutors, saveCustomer, type Customer } from './api';
import { fullName } from './CustomersPage';

function Section({ children }: { children: string }) {
  return (
    <Divider titlePlacement="start" style={{ marginTop: 8 }}>
      <Typography.Text strong>{children}</Typography.Text>
    </Divider>
  );
}

/** Adults flagged as tutors and not blacklisted, searched as typed (spec 002 §5). */
function TutorPicker(props: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  current: Customer['tutor'];
}) {
  const [search, setSearch] = useState('');
  const tutors = useQuery({
    queryKey: customerKeys.tutors(search),
    queryFn: ({ signal }) => fetchTutors(search, signal),
  });
  const options = (tutors.data ?? []).map((tutor) => ({
    value: tutor.id,
    label: `${fullName(tutor)} · ${maskPhone(tutor.mobilePhone)}`,
  }));
  if (props.current && !options.some((option) => option.value === props.current!.id))
    options.unshift({ value: props.current.id, label: fullName(props.current) });
  return (
    <Select
      id={props.id}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      loading={tutors.isFetching}
      placeholder="Busca por nombre, celular o correo"
      value={props.value ?? undefined}
      onChange={(value) => props.onChange?.(value ?? null)}
      options={options}
      notFoundContent="Sin tutores con esta búsqueda"
    />
  );
}

function CustomerFields({ editing, record }: { editing: boolean; record: Customer | null }) {
  const schema = editing ? customerUpdateBody : customerBody;
  const birthday = Form.useWatch('birthday') as string | null | undefined;
  const adult = !birthday || isAdultOn(birthday, todayInBranch());
  return (
    <>
      <Section>Datos personales</Section>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <SchemaField schema={schema} name="name" showCount />
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={schema} name="lastName" showCount />
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={schema} name="motherLastName" showCount />
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={schema} name="birthday">
            <DateInput noFuture />
          </SchemaField>
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={schema} name="gender" label="Género">
            <Select allowClear options={GENDERS.map((value) => ({ value, label: value }))} />
          </SchemaField>
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={schema} name="maritalStatus" label="Estado civil">
            <Select
              allowClear
              options={CUSTOMER_MARITAL_STATUSES.map((value) => ({ value, label: value }))}
            />
          </SchemaField>
        </Col>
        <Col xs={24} md={12}>
          <SchemaField schema={schema} name="originCountry" />
        </Col>
        <Col xs={24} md={12}>
          <SchemaField schema={schema} name="reference" />
        </Col>
      </Row>
      <Section>Contacto</Section>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <SchemaField
            schema={schema}
            name="mobilePhone"
            label={adult ? 'Celular (obligatorio)' : 'Celular'}
          >
            <PhoneInput />
          </SchemaField>
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={schema} name="phone">
            <PhoneInput />
          </SchemaField>
        </Col>
        <Col xs={24} md={8}>
          <SchemaField schema={schema} name="email">
            <LimitedInput type="email" max={100} autoComplete="email" />
          </SchemaField>
        </Col>
      </Row>
      <Section>Tutor</Section>
      <Row gutter={16}>
        {adult ? (
          <Col xs={24} md={8}>
            <Form.Item
              label="Es tutor"
              name="isTutor"
              valuePropName="checked"
              extra="Puede ser tutor de clientes menores de 18 años."
            >
              <Switch checkedChildren="Sí" unCheckedChildren="No" />
            </Form.Item>
          </Col>
        ) : (
          <>
            <Col xs={24} md={12}>
              <SchemaField schema={schema} name="tutorId" label="Tutor (obligatorio para menores)">
                <TutorPicker current={record?.tutor ?? null} />
              </SchemaField>
            </Col>
            <Col xs={24} md={12}>
              <SchemaField
                schema={schema}
                name="relationship"
                label="Parentesco (obligatorio para menores)"
              />
            </Col>
          </>
        )}
      </Row>
      {editing && (
        <>
          <Section>Cuenta</Section>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label="Estatus" name="status" valuePropName="checked">
                <Switch checkedChildren="Activo" unCheckedChildren="Inactivo" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Lista negra" name="blackList" valuePropName="checked">
                <Switch checkedChildren="Sí" unCheckedChildren="No" />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </>
  );
}

function toValues(customer: Customer) {
  return {
    name: customer.name,
    lastName: customer.lastName,
    motherLastName: customer.motherLastName ?? '',
    gender: customer.gender ?? undefined,
    birthday: customer.birthday,
    mobilePhone: maskPhone(customer.mobilePhone),
    phone: maskPhone(customer.phone),
    email: customer.email ?? '',
    maritalStatus: customer.maritalStatus ?? undefined,
    originCountry: customer.originCountry ?? '',
    reference: customer.reference ?? '',
    isTutor: customer.isTutor === 1,
    tutorId: customer.tutorId,
    relationship: customer.relationship ?? '',
    status: customer.status,
    blackList: customer.blackList === 1,
  };
}

/** `/dashboard/clientes/crear` and `/dashboard/clientes/{id}` (spec 002 §2, §5). */
export function CustomerFormPage() {
  const { editing } = useRecordId();
  return (
    <>
      <PageHeader
        title={editing ? 'Editar cliente' : 'Nuevo cliente'}
        description="Desde los 18 años el celular es obligatorio; un menor necesita un tutor y su parentesco."
      />
      <FormPage
        title="Cliente"
        resource="clients"
        listPath="/dashboard/clientes"
        schema={editing ? customerUpdateBody : customerBody}
        load={{ queryKey: customerKeys.detail, fetch: fetchCustomer }}
        toValues={toValues}
        initialValues={{ originCountry: 'México', isTutor: false }}
        submit={saveCustomer}
        invalidates={[customerKeys.all]}
      >
        {({ record }) => <CustomerFields editing={editing} record={record} />}
      </FormPage>
    </>
  );
}
