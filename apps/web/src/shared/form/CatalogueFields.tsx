import type { ReactNode } from 'react';
import { Col, Divider, Form, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { z } from 'zod';
import { useCategoryOptions, useTreatmentTypes } from '../lookups';
import { ImagesField } from './ImagesField';
import { LimitedInput, LimitedTextArea } from './inputs';
import { zodRule } from './zodRules';

/**
 * The fields the catalogue's forms have in common (products, treatments, packages and
 * promotions): their sections, SKU, name, description, type, categories, points and status, each
 * checked by the form's own schema.
 */

type SchemaProps = { schema: z.ZodType };

const ruleOf = (schema: z.ZodType, name: string) => [zodRule(schema, name)];

/** A part of a long form: its title, and a hint in a lighter weight beside it. */
export function FormSection({ title, hint }: { title: string; hint?: string }) {
  return (
    <Divider titlePlacement="start" style={{ marginTop: 8 }}>
      <Typography.Text strong>{title}</Typography.Text>
      {hint && (
        <Typography.Text type="secondary" style={{ fontWeight: 400, marginLeft: 8 }}>
          {hint}
        </Typography.Text>
      )}
    </Divider>
  );
}

/** The SKU: fixed once the record exists (its `lockedText` says so), `4 to max` characters. */
export function SkuField({
  schema,
  max,
  locked,
  lockedText = 'El SKU no cambia después de crearlo.',
}: SchemaProps & { max: number; locked: boolean; lockedText?: string }) {
  return (
    <Form.Item
      label="SKU"
      name="sku"
      required
      rules={ruleOf(schema, 'sku')}
      extra={locked ? lockedText : `4 a ${max} caracteres`}
    >
      <LimitedInput max={max} disabled={locked} style={{ fontFamily: 'monospace' }} />
    </Form.Item>
  );
}

export function NameField({ schema, max }: SchemaProps & { max: number }) {
  return (
    <Form.Item label="Nombre" name="name" required rules={ruleOf(schema, 'name')}>
      <LimitedInput max={max} />
    </Form.Item>
  );
}

export function DescriptionField({ schema }: SchemaProps) {
  return (
    <Form.Item
      label="Descripción"
      name="description"
      required
      rules={ruleOf(schema, 'description')}
    >
      <LimitedTextArea max={500} autoSize={{ minRows: 2, maxRows: 5 }} />
    </Form.Item>
  );
}

export function TreatmentTypeField({ schema }: SchemaProps) {
  const types = useTreatmentTypes();
  return (
    <Form.Item
      label="Tipo de tratamiento"
      name="treatmentTypeId"
      required
      rules={ruleOf(schema, 'treatmentTypeId')}
    >
      <Select
        placeholder="Selecciona"
        loading={types.isLoading}
        options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
      />
    </Form.Item>
  );
}

/** The active categories of products or of treatments: one (`categoryId`) or several. */
export function CategoryField({
  schema,
  of,
  multiple = false,
}: SchemaProps & { of: 'product' | 'treatment'; multiple?: boolean }) {
  const categories = useCategoryOptions(of);
  const name = multiple ? 'categoriesIds' : 'categoryId';
  return (
    <Form.Item
      label={multiple ? 'Categorías' : 'Categoría'}
      name={name}
      required
      rules={ruleOf(schema, name)}
    >
      <Select
        mode={multiple ? 'multiple' : undefined}
        placeholder={multiple ? 'Selecciona una o varias' : 'Selecciona'}
        loading={categories.isLoading}
        showSearch={{ optionFilterProp: 'label' }}
        options={(categories.data ?? []).map((category) => ({
          value: category.id,
          label: category.name,
        }))}
      />
    </Form.Item>
  );
}

export function PointsField({ schema }: SchemaProps) {
  return (
    <Form.Item label="Puntos" name="points" required rules={ruleOf(schema, 'points')}>
      <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** 'Activo' / 'Inactivo' of a record being edited. */
export function ActiveField({ name, label = 'Activo' }: { name: string; label?: string }) {
  return (
    <Form.Item label={label} name={name} valuePropName="checked">
      <Switch checkedChildren="Activo" unCheckedChildren="Inactivo" />
    </Form.Item>
  );
}

/**
 * The head of a treatment's or an offer's form: its photo beside SKU and name and the fields
 * the form adds (`children`, in columns), then the description across.
 */
export function CatalogueHeader({
  schema,
  editing,
  photoLabel,
  thumbnail,
  skuMax,
  children,
}: SchemaProps & {
  editing: boolean;
  photoLabel: string;
  thumbnail?: (name: string) => string;
  skuMax: number;
  children: ReactNode;
}) {
  return (
    <Row gutter={24}>
      <Col xs={24} md={6}>
        <Form.Item
          label="Foto"
          name="photo"
          required={!editing}
          rules={ruleOf(schema, 'photo')}
          extra={editing ? 'Elige otra para reemplazarla.' : 'Menos de 1 MB.'}
        >
          <ImagesField max={1} label={photoLabel} thumbnail={thumbnail} />
        </Form.Item>
      </Col>
      <Col xs={24} md={18}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <SkuField schema={schema} max={skuMax} locked={editing} />
          </Col>
          <Col xs={24} md={16}>
            <NameField schema={schema} max={80} />
          </Col>
          {children}
        </Row>
      </Col>
      <Col xs={24}>
        <DescriptionField schema={schema} />
      </Col>
    </Row>
  );
}
