import { Col, Flex, Form, Input, InputNumber, Radio, Row, Select, Typography } from 'antd';
import type { z } from 'zod';
import {
  CONTENT_TYPES,
  MAX_PRODUCT_PHOTOS,
  MEASURE_UNITS,
  TAX_RATES,
  costWithTax,
} from '@clinica/domain';
import { ImagesField } from '../../shared/form/ImagesField';
import {
  ActiveField,
  CategoryField,
  DescriptionField,
  FormSection,
  NameField,
  SkuField,
} from '../../shared/form/CatalogueFields';
import { LimitedInput, MoneyInput } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { formatContent, formatMoney } from '../../shared/format';
import { FinancialFields } from './FinancialFields';
import type { ProductFormView } from './productForm';
import { useProductTypes, useProviderOptions } from '../../shared/lookups';

function ContentPreview() {
  const form = Form.useFormInstance();
  const content = Form.useWatch('content', form) as number | null | undefined;
  const unit = Form.useWatch('measureUnit', form) as string | undefined;
  const type = Form.useWatch('contentType', form) as string | undefined;
  if (!content || !unit || !type) return null;
  return (
    <Typography.Text type="secondary">
      Se muestra como <strong>{formatContent(content, unit, type)}</strong>
    </Typography.Text>
  );
}

function CostWithTax() {
  const form = Form.useFormInstance();
  const cost = Form.useWatch('cost', form) as number | null | undefined;
  const tax = Form.useWatch('tax', form) as number | null | undefined;
  return (
    <Form.Item label="Costo con IVA">
      <Input
        readOnly
        tabIndex={-1}
        aria-label="Costo con IVA"
        value={
          typeof cost === 'number' && typeof tax === 'number'
            ? formatMoney(costWithTax(cost, tax))
            : ''
        }
        placeholder="Se calcula con el costo y el IVA"
      />
    </Form.Item>
  );
}

/** Every field of the product form (spec 001 §3, §5); the approver's fields when the view has them. */
export function ProductFields({ view, schema }: { view: ProductFormView; schema: z.ZodType }) {
  const types = useProductTypes();
  const providers = useProviderOptions();
  const rule = (name: string) => [zodRule(schema, name)];

  return (
    <>
      <FormSection title="Fotos" hint={`Hasta ${MAX_PRODUCT_PHOTOS}, cada una de menos de 1 MB`} />
      <Form.Item name="photos" required rules={rule('photos')} label="Fotos del producto">
        <ImagesField max={MAX_PRODUCT_PHOTOS} label="Foto del producto" />
      </Form.Item>

      <FormSection title="Datos generales" />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            label="Tipo de producto"
            name="productTypeId"
            required
            rules={rule('productTypeId')}
            extra={
              view.identityLocked ? 'El tipo no cambia después de crear el producto.' : undefined
            }
          >
            <Select
              placeholder="Selecciona"
              disabled={view.identityLocked}
              loading={types.isLoading}
              options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <SkuField
            schema={schema}
            max={12}
            locked={view.identityLocked}
            lockedText="El SKU no cambia después de crear el producto."
          />
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Código de barras" name="barCode" required rules={rule('barCode')}>
            <LimitedInput max={50} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <NameField schema={schema} max={100} />
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Marca" name="brand" required rules={rule('brand')}>
            <LimitedInput max={60} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <DescriptionField schema={schema} />
        </Col>
      </Row>

      <FormSection title="Contenido" />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            label="Tipo de contenido"
            name="contentType"
            required
            rules={rule('contentType')}
          >
            <Select
              placeholder="Selecciona"
              options={CONTENT_TYPES.map((type) => ({ value: type, label: type }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="Contenido" name="content" required rules={rule('content')}>
            <InputNumber<number> min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label="Unidad de medida"
            name="measureUnit"
            required
            rules={rule('measureUnit')}
          >
            <Select
              placeholder="Selecciona"
              options={MEASURE_UNITS.map((unit) => ({ value: unit, label: unit }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} style={{ marginTop: -12, marginBottom: 12 }}>
          <ContentPreview />
        </Col>
      </Row>

      <FormSection title="Costo y abasto" />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label="Costo (antes de IVA)" name="cost" required rules={rule('cost')}>
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label="IVA" name="tax" required rules={rule('tax')}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={TAX_RATES.map((rate) => ({ value: rate, label: `${rate} %` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <CostWithTax />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Proveedores" name="providersIds" required rules={rule('providersIds')}>
            <Select
              mode="multiple"
              placeholder="Selecciona uno o varios"
              loading={providers.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(providers.data ?? []).map((provider) => ({
                value: provider.id,
                label: provider.name,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <CategoryField schema={schema} of="product" multiple />
        </Col>
        {view.showsActive && (
          <Col xs={24}>
            <ActiveField name="status" label="Estatus" />
          </Col>
        )}
      </Row>

      {view.financialFields.length > 0 && (
        <>
          <FormSection
            title={view.mode === 'approve' ? 'Precios de aprobación' : 'Precios'}
            hint="Solo quien aprueba productos ve y llena estos campos"
          />
          <Flex vertical>
            <FinancialFields fields={view.financialFields} schema={schema} />
          </Flex>
        </>
      )}
    </>
  );
}
