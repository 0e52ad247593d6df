import { Col, Divider, Form, InputNumber, Row, Select, Switch, Typography } from 'antd';
import type { z } from 'zod';
import { SALE_PAYMENT_METHODS, type OfferType } from '@clinica/domain';
import { ImagesField } from '../../shared/form/ImagesField';
import { DateInput, LimitedInput, LimitedTextArea } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { useBranchOptions, useCategoryOptions, useTreatmentTypes } from '../../shared/lookups';
import { OFFER_SCREENS, offerThumbnailUrl } from './api';
import { CABIN_TIME_OPTIONS, TIME_OPTIONS } from './offerForm';
import { OfferLines, OfferTotals } from './OfferLines';

function Section({ title, hint }: { title: string; hint?: string }) {
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

/** Every field of the package or promotion form (spec 002 §3, §5). */
export function OfferFields({
  editing,
  schema,
  type,
}: {
  editing: boolean;
  schema: z.ZodType;
  type: OfferType;
}) {
  const form = Form.useFormInstance();
  const types = useTreatmentTypes();
  const categories = useCategoryOptions('treatment');
  const branches = useBranchOptions();
  const bySchedule = Form.useWatch('validBySchedule', form) as boolean | undefined;
  const byTime = Form.useWatch('validByTime', form) as boolean | undefined;
  const rule = (name: string) => [zodRule(schema, name)];
  const words = OFFER_SCREENS[type];

  return (
    <>
      <Row gutter={24}>
        <Col xs={24} md={6}>
          <Form.Item
            label="Foto"
            name="photo"
            required={!editing}
            rules={rule('photo')}
            extra={editing ? 'Elige otra para reemplazarla.' : 'Menos de 1 MB.'}
          >
            <ImagesField
              max={1}
              label={`Foto del ${words.one.toLowerCase()}`}
              thumbnail={offerThumbnailUrl}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={18}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                label="SKU"
                name="sku"
                required
                rules={rule('sku')}
                extra={editing ? 'El SKU no cambia después de crearlo.' : '4 a 12 caracteres'}
              >
                <LimitedInput max={12} disabled={editing} style={{ fontFamily: 'monospace' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item label="Nombre" name="name" required rules={rule('name')}>
                <LimitedInput max={80} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                label="Tipo de tratamiento"
                name="treatmentTypeId"
                required
                rules={rule('treatmentTypeId')}
              >
                <Select
                  placeholder="Selecciona"
                  loading={types.isLoading}
                  options={(types.data ?? []).map((item) => ({ value: item.id, label: item.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label="Categoría" name="categoryId" required rules={rule('categoryId')}>
                <Select
                  placeholder="Selecciona"
                  loading={categories.isLoading}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(categories.data ?? []).map((item) => ({
                    value: item.id,
                    label: item.name,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item label="Puntos" name="points" required rules={rule('points')}>
                <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item
                label="Tiempo de cabina"
                name="cabainTime"
                required
                rules={rule('cabainTime')}
              >
                <Select placeholder="Selecciona" options={CABIN_TIME_OPTIONS} />
              </Form.Item>
            </Col>
          </Row>
        </Col>
        <Col xs={24}>
          <Form.Item label="Descripción" name="description" required rules={rule('description')}>
            <LimitedTextArea max={500} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Col>
      </Row>

      <Section title="Dónde y cómo se vende" />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Sucursales" name="branchesIds" required rules={rule('branchesIds')}>
            <Select
              mode="multiple"
              placeholder="Selecciona una o varias"
              loading={branches.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(branches.data ?? [])
                .filter((branch) => !branch.distributionCenter)
                .map((branch) => ({ value: branch.id, label: branch.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Tipo de pago" name="paymentType" required rules={rule('paymentType')}>
            <Select
              mode="multiple"
              placeholder="Métodos de pago aceptados"
              options={SALE_PAYMENT_METHODS.map((method) => ({ value: method, label: method }))}
            />
          </Form.Item>
        </Col>
      </Row>

      <Section title="Vigencia" hint="Fechas y horas en la zona horaria de cada sucursal" />
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item label="Tiempo limitado" name="validBySchedule" valuePropName="checked">
            <Switch checkedChildren="Sí" unCheckedChildren="No" />
          </Form.Item>
        </Col>
        {bySchedule && (
          <>
            <Col xs={12} md={9}>
              <Form.Item
                label="Fecha de inicio"
                name="startDate"
                required
                rules={rule('startDate')}
              >
                <DateInput />
              </Form.Item>
            </Col>
            <Col xs={12} md={9}>
              <Form.Item label="Fecha de fin" name="endDate" required rules={rule('endDate')}>
                <DateInput />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={6}>
          <Form.Item label="Por horario" name="validByTime" valuePropName="checked">
            <Switch checkedChildren="Sí" unCheckedChildren="No" />
          </Form.Item>
        </Col>
        {byTime && (
          <>
            <Col xs={12} md={9}>
              <Form.Item label="Hora de inicio" name="startTime" required rules={rule('startTime')}>
                <Select placeholder="HH:mm" showSearch options={TIME_OPTIONS} />
              </Form.Item>
            </Col>
            <Col xs={12} md={9}>
              <Form.Item
                label="Hora de fin"
                name="endTime"
                required
                rules={rule('endTime')}
                extra="Se vende hasta antes de esta hora."
              >
                <Select placeholder="HH:mm" showSearch options={TIME_OPTIONS} />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>

      <Section
        title="Tratamientos"
        hint={type === 'Package' ? 'Con sus sesiones' : 'Sin sesiones: se venden por visita'}
      />
      <OfferLines schema={schema} type={type} />
      <OfferTotals />

      {editing && (
        <>
          <Section title="Estatus" />
          <Form.Item label="Activo" name="status" valuePropName="checked">
            <Switch checkedChildren="Activo" unCheckedChildren="Inactivo" />
          </Form.Item>
        </>
      )}
    </>
  );
}
