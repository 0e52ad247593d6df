import { Col, Form, Row, Select, Switch } from 'antd';
import type { z } from 'zod';
import { SALE_PAYMENT_METHODS, type OfferType } from '@clinica/domain';
import {
  ActiveField,
  CatalogueHeader,
  CategoryField,
  FormSection,
  PointsField,
  TreatmentTypeField,
} from '../../shared/form/CatalogueFields';
import { DateInput } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { useBranchOptions } from '../../shared/lookups';
import { OFFER_SCREENS, offerThumbnailUrl } from './api';
import { CABIN_TIME_OPTIONS, TIME_OPTIONS } from './offerForm';
import { OfferLines, OfferTotals } from './OfferLines';

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
  const branches = useBranchOptions();
  const bySchedule = Form.useWatch('validBySchedule', form) as boolean | undefined;
  const byTime = Form.useWatch('validByTime', form) as boolean | undefined;
  const rule = (name: string) => [zodRule(schema, name)];
  const words = OFFER_SCREENS[type];

  return (
    <>
      <CatalogueHeader
        schema={schema}
        editing={editing}
        photoLabel={`Foto del ${words.one.toLowerCase()}`}
        thumbnail={offerThumbnailUrl}
        skuMax={12}
      >
        <Col xs={24} md={8}>
          <TreatmentTypeField schema={schema} />
        </Col>
        <Col xs={24} md={8}>
          <CategoryField schema={schema} of="treatment" />
        </Col>
        <Col xs={12} md={4}>
          <PointsField schema={schema} />
        </Col>
        <Col xs={12} md={4}>
          <Form.Item label="Tiempo de cabina" name="cabainTime" required rules={rule('cabainTime')}>
            <Select placeholder="Selecciona" options={CABIN_TIME_OPTIONS} />
          </Form.Item>
        </Col>
      </CatalogueHeader>

      <FormSection title="Dónde y cómo se vende" />
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

      <FormSection title="Vigencia" hint="Fechas y horas en la zona horaria de cada sucursal" />
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

      <FormSection
        title="Tratamientos"
        hint={type === 'Package' ? 'Con sus sesiones' : 'Sin sesiones: se venden por visita'}
      />
      <OfferLines schema={schema} type={type} />
      <OfferTotals />

      {editing && (
        <>
          <FormSection title="Estatus" />
          <ActiveField name="status" />
        </>
      )}
    </>
  );
}
