import type { ReactNode } from 'react';
import { Col, Form, InputNumber, Radio, Row, Select } from 'antd';
import { BLOOD_TYPES, EDUCATION_LEVELS, GENDERS, MARITAL_STATUSES } from '@clinica/domain';
import { LimitedInput } from '../../../shared/form/inputs';
import { zodRule } from '../../../shared/form/zodRules';
import { createStaffForm } from '../staffForm';

const personal = (field: string) => ['kardex', 'personalData', field];
const address = (field: string) => ['kardex', 'address', field];
const rules = (path: string[]) => [zodRule(createStaffForm, path)];

export const EDUCATION_LABELS: Record<(typeof EDUCATION_LEVELS)[number], string> = {
  inicial: 'Inicial',
  básica: 'Básica',
  'media superior': 'Media superior',
  superior: 'Superior',
};

const options = (values: readonly string[], labels?: Record<string, string>) =>
  values.map((value) => ({ value, label: labels?.[value] ?? value }));

function Text({
  label,
  path,
  max,
  required = true,
  span = 8,
  extra,
  upper,
}: {
  label: string;
  path: string[];
  max: number;
  required?: boolean;
  span?: number;
  extra?: ReactNode;
  upper?: boolean;
}) {
  return (
    <Col xs={24} md={span}>
      <Form.Item label={label} name={path} required={required} rules={rules(path)} extra={extra}>
        <LimitedInput max={max} style={upper ? { textTransform: 'uppercase' } : undefined} />
      </Form.Item>
    </Col>
  );
}

export function PersonalesStep() {
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item
          label="Género"
          name={personal('gender')}
          required
          rules={rules(personal('gender'))}
        >
          <Select placeholder="Selecciona" options={options(GENDERS)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Estado civil"
          name={personal('maritalStatus')}
          required
          rules={rules(personal('maritalStatus'))}
        >
          <Select placeholder="Selecciona" options={options(MARITAL_STATUSES)} />
        </Form.Item>
      </Col>
      <Text label="Nacionalidad" path={personal('nationality')} max={50} />
      <Text label="Estado de nacimiento" path={personal('birthState')} max={50} />
      <Text label="Ciudad de nacimiento" path={personal('birthCity')} max={50} />
      <Text label="NSS" path={personal('nss')} max={11} extra="11 dígitos" />
      <Text label="CURP" path={personal('curp')} max={18} upper />
      <Text label="RFC" path={personal('rfc')} max={13} upper />
      <Text label="OCR (INE)" path={personal('ocr')} max={13} extra="12 o 13 caracteres" />
      <Col xs={24} md={8}>
        <Form.Item
          label="Infonavit"
          name={personal('infonavit')}
          required
          rules={rules(personal('infonavit'))}
        >
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: 'Sí' },
              { value: 0, label: 'No' },
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Grado de estudios"
          name={personal('educationalDegree')}
          required
          rules={rules(personal('educationalDegree'))}
        >
          <Select placeholder="Selecciona" options={options(EDUCATION_LEVELS, EDUCATION_LABELS)} />
        </Form.Item>
      </Col>
      <Text label="Profesión" path={personal('profession')} max={50} />
      <Text
        label="Cédula profesional"
        path={personal('professionalLicense')}
        max={30}
        required={false}
      />
      <Text
        label="Cédula provisional"
        path={personal('provisionalProfesionalLicense')}
        max={30}
        required={false}
      />
      <Col xs={24} md={8}>
        <Form.Item
          label="Hijos"
          name={personal('childrens')}
          required
          rules={rules(personal('childrens'))}
        >
          <InputNumber min={0} max={30} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Correo personal"
          name={personal('email')}
          required
          rules={rules(personal('email'))}
        >
          <LimitedInput type="email" max={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          label="Tipo de sangre"
          name={personal('bloodType')}
          required
          rules={rules(personal('bloodType'))}
        >
          <Select placeholder="Selecciona" options={options(BLOOD_TYPES)} />
        </Form.Item>
      </Col>
      <Text
        label="Enfermedades"
        path={personal('diseases')}
        max={255}
        extra="Escribe «Ninguna» si no aplica"
      />
      <Text label="Alergias" path={personal('allergies')} max={255} />
      <Text label="Alergias a medicamentos" path={personal('drugAllergies')} max={255} />
    </Row>
  );
}

export function DomicilioStep() {
  return (
    <Row gutter={16}>
      <Text label="Domicilio actual" path={address('address')} max={255} span={24} />
      <Text label="Ciudad" path={address('city')} max={50} span={12} />
      <Text label="Estado" path={address('state')} max={50} span={12} />
      <Text label="Domicilio de la INE" path={address('addressINE')} max={255} span={24} />
      <Text label="Ciudad de la INE" path={address('cityINE')} max={50} span={12} />
      <Text label="Estado de la INE" path={address('stateINE')} max={50} span={12} />
    </Row>
  );
}
