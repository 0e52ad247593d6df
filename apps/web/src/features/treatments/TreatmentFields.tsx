import { useEffect, useRef } from 'react';
import { Button, Col, Flex, Form, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import {
  ActiveField,
  CatalogueHeader,
  CategoryField,
  FormSection,
  PointsField,
  TreatmentTypeField,
} from '../../shared/form/CatalogueFields';
import { MoneyInput } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { DURATION_OPTIONS } from './treatmentForm';
import {
  useTreatmentTypes,
  useApplianceOptions,
  useProductPicker,
  useAreas,
  useConsents,
} from '../../shared/lookups';

interface OwnProduct {
  id: number;
  name: string;
  sku: string;
}

/**
 * The products a treatment consumes, with their quantities (`treatmentProduct`), searched as one
 * types; the treatment's own stay named whatever the search shows.
 */
function ConsumedProducts({ schema, own }: { schema: z.ZodType; own: OwnProduct[] }) {
  const products = useProductPicker();
  const shown = new Set(products.products.map((product) => product.id));
  const options = [...products.products, ...own.filter((product) => !shown.has(product.id))].map(
    (product) => ({ value: product.id, label: `${product.sku} · ${product.name}` }),
  );
  return (
    <Form.List name="treatmentProduct">
      {(lines, { add, remove }) => (
        <Flex vertical gap={4}>
          {lines.length === 0 && (
            <Typography.Text type="secondary" style={{ marginBottom: 8 }}>
              Este tratamiento no consume productos del inventario.
            </Typography.Text>
          )}
          {lines.map((line, index) => (
            <Row gutter={12} key={line.key} align="top">
              <Col flex="auto">
                <Form.Item
                  name={[line.name, 'productId']}
                  label={index === 0 ? 'Producto' : undefined}
                  rules={[zodRule(schema, ['treatmentProduct', line.name, 'productId'])]}
                >
                  <Select
                    aria-label={`Producto ${index + 1}`}
                    placeholder="Selecciona un producto"
                    loading={products.isLoading}
                    showSearch={{ optionFilterProp: 'label', onSearch: products.onSearch }}
                    options={options}
                  />
                </Form.Item>
              </Col>
              <Col flex="140px">
                <Form.Item
                  name={[line.name, 'quantity']}
                  label={index === 0 ? 'Cantidad' : undefined}
                  rules={[zodRule(schema, ['treatmentProduct', line.name, 'quantity'])]}
                >
                  <InputNumber<number>
                    aria-label={`Cantidad del producto ${index + 1}`}
                    min={1}
                    precision={0}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
              </Col>
              <Col flex="40px" style={{ paddingTop: index === 0 ? 30 : 0 }}>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`Quitar el producto ${index + 1}`}
                  onClick={() => remove(line.name)}
                />
              </Col>
            </Row>
          ))}
          <div>
            <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
              Agregar producto
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}

/** Every field of the treatment form (spec 001 §3, §5). */
export function TreatmentFields({
  editing,
  schema,
  ownProducts,
}: {
  editing: boolean;
  schema: z.ZodType;
  /** The products the treatment consumed when it was loaded. */
  ownProducts: OwnProduct[];
}) {
  const form = Form.useFormInstance();
  const types = useTreatmentTypes();
  const consents = useConsents();
  const typeId = (Form.useWatch('treatmentTypeId', form) as number | undefined) ?? null;
  const consentOn = Form.useWatch('consent', form) as boolean | undefined;
  const areas = useAreas(typeId);
  const appliances = useApplianceOptions(typeId, typeId !== null);
  const typeName = types.data?.find((type) => type.id === typeId)?.name ?? null;
  const rule = (name: string) => [zodRule(schema, name)];

  // Areas and appliances belong to a type: choosing another type starts them again.
  const shownType = useRef(typeId);
  useEffect(() => {
    if (shownType.current === typeId) return;
    if (shownType.current !== null) form.setFieldsValue({ areasIds: [], applianceIds: [] });
    shownType.current = typeId;
  }, [typeId, form]);

  // Areas come ordered by place (Cuello, Cuerpo, Rostro): one option group per place.
  const areaGroups: {
    label: string;
    title: string;
    options: { value: number; label: string }[];
  }[] = [];
  for (const area of areas.data ?? []) {
    let group = areaGroups.find((candidate) => candidate.label === area.place);
    if (!group) {
      group = { label: area.place, title: area.place, options: [] };
      areaGroups.push(group);
    }
    group.options.push({ value: area.id, label: area.name });
  }

  return (
    <>
      <CatalogueHeader
        schema={schema}
        editing={editing}
        photoLabel="Foto del tratamiento"
        skuMax={10}
      >
        <Col xs={24} md={8}>
          <TreatmentTypeField schema={schema} />
        </Col>
        <Col xs={24} md={16}>
          <CategoryField schema={schema} of="treatment" multiple />
        </Col>
      </CatalogueHeader>

      <FormSection title="Precio y duración" />
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item label="Precio" name="price" required rules={rule('price')}>
            <MoneyInput />
          </Form.Item>
        </Col>
        {/* Only medical treatments pay a medical commission (spec 001 §5). */}
        {typeName === 'Médico' && (
          <Col xs={24} md={6}>
            <Form.Item
              label="Comisión médica"
              name="medicalFee"
              required
              preserve={false}
              rules={rule('medicalFee')}
              extra="Obligatoria en tratamientos médicos."
            >
              <MoneyInput />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={6}>
          <PointsField schema={schema} />
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label="Duración" name="term" required rules={rule('term')}>
            <Select placeholder="Selecciona" options={DURATION_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>

      <FormSection
        title="Áreas y aparatos"
        hint={typeId === null ? 'Elige primero el tipo' : undefined}
      />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            label="Áreas"
            name="areasIds"
            required={typeName !== null && typeName !== 'Valoración'}
            rules={rule('areasIds')}
          >
            <Select
              mode="multiple"
              placeholder={
                typeId === null ? 'Elige el tipo de tratamiento' : 'Selecciona las áreas'
              }
              disabled={typeId === null}
              loading={areas.isLoading && typeId !== null}
              showSearch={{ optionFilterProp: 'label' }}
              options={areaGroups}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Aparatos" name="applianceIds" rules={rule('applianceIds')}>
            <Select
              mode="multiple"
              placeholder={typeId === null ? 'Elige el tipo de tratamiento' : 'Ninguno'}
              disabled={typeId === null}
              loading={appliances.isLoading && typeId !== null}
              showSearch={{ optionFilterProp: 'label' }}
              options={(appliances.data ?? []).map((appliance) => ({
                value: appliance.id,
                label: `${appliance.name} · ${appliance.brand}`,
              }))}
            />
          </Form.Item>
        </Col>
      </Row>

      <FormSection title="Valoración, consentimiento y reserva en línea" />
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item label="Requiere valoración" name="assessment" valuePropName="checked">
            <Switch checkedChildren="Sí" unCheckedChildren="No" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item label="Consentimiento" name="consent" valuePropName="checked">
            <Switch checkedChildren="Sí" unCheckedChildren="No" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            label="Reserva en línea"
            name="onlineBooking"
            valuePropName="checked"
            tooltip="Las clientas pueden reservarlo desde la página pública /reservar"
          >
            <Switch checkedChildren="Sí" unCheckedChildren="No" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {consentOn && (
            <Form.Item
              label="Documento de consentimiento"
              name="consentId"
              required
              rules={rule('consentId')}
            >
              <Select
                placeholder="Selecciona el consentimiento"
                loading={consents.isLoading}
                options={(consents.data ?? []).map((consent) => ({
                  value: consent.id,
                  label: consent.name,
                }))}
              />
            </Form.Item>
          )}
        </Col>
      </Row>

      <FormSection title="Productos que consume" />
      <ConsumedProducts schema={schema} own={ownProducts} />

      {editing && (
        <>
          <FormSection title="Estatus" />
          <ActiveField name="active" />
        </>
      )}
    </>
  );
}
