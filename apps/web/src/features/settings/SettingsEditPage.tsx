import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Col, Flex, Form, InputNumber, Row, Select, Skeleton } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAYMENT_PROCESS_TYPES,
  paymentProcessTypeLabels,
  settingFormBody,
  type PaymentProcessType,
} from '@clinica/domain';
import { isApiError } from '../../shared/api/client';
import { applyServerDetails, zodRule } from '../../shared/form/zodRules';
import { LinkButton } from '../../shared/LinkButton';
import { notifyError, notifySuccess } from '../../shared/notify';
import { PageHeader } from '../../shared/PageHeader';
import { usePrivileges } from '../../shared/session/hooks';
import { fetchSetting, saveSetting, settingKeys, type Setting } from './api';

const rule = (name: string) => [zodRule(settingFormBody, name)];
const LIST_PATH = '/dashboard/configuraciones';

function SettingsForm({ setting }: { setting: Setting }) {
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  async function save() {
    const parsed = await settingFormBody.safeParseAsync(form.getFieldsValue(true));
    if (!parsed.success) {
      applyServerDetails(
        form,
        parsed.error.issues.map((issue) => ({
          field: issue.path.join('.'),
          message: issue.message,
        })),
      );
      return;
    }
    setSaving(true);
    try {
      const answer = await saveSetting(setting.id, parsed.data);
      notifySuccess(answer.status, answer.code);
      await queryClient.invalidateQueries({ queryKey: settingKeys.record });
      navigate(LIST_PATH);
    } catch (error) {
      notifyError(error);
      if (isApiError(error)) applyServerDetails(form, error.details);
      setSaving(false);
    }
  }

  return (
    <Form
      // Checked in Spanish by the form's rules, never by the browser's own (English) bubbles.
      noValidate
      form={form}
      layout="vertical"
      // The record's id travels in the path, not in the body (the schema refuses unknown fields).
      initialValues={{
        exchangeRate: setting.exchangeRate,
        paymentProcessType: setting.paymentProcessType,
        cosmetologyCommissionPercent: setting.cosmetologyCommissionPercent,
      }}
      onFinish={() => void save()}
      scrollToFirstError
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            label="Tipo de cambio"
            name="exchangeRate"
            required
            rules={rule('exchangeRate')}
            extra="Pesos por dólar, hasta cuatro decimales. Rige desde que se guarda."
          >
            <InputNumber<number>
              prefix="$"
              suffix="MXN"
              precision={4}
              step={0.01}
              min={0}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label="Tipo de proceso de pago"
            name="paymentProcessType"
            required
            rules={rule('paymentProcessType')}
          >
            <Select<PaymentProcessType>
              options={PAYMENT_PROCESS_TYPES.map((type) => ({
                value: type,
                label: paymentProcessTypeLabels[type],
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            label="Comisión de cosmetología (%)"
            name="cosmetologyCommissionPercent"
            required
            rules={rule('cosmetologyCommissionPercent')}
            extra="Del precio de venta de los productos Cosmetólogo/Venta."
          >
            <InputNumber<number>
              suffix="%"
              precision={2}
              min={0}
              max={100}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 8 }}>
        <LinkButton to={LIST_PATH} icon={<ArrowLeftOutlined />}>
          Volver
        </LinkButton>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SaveOutlined />}
          loading={saving}
          disabled={saving}
        >
          Guardar
        </Button>
      </Flex>
    </Form>
  );
}

/** `/dashboard/configuraciones/editar` (spec 002 §2). */
export function SettingsEditPage() {
  const { can } = usePrivileges();
  const setting = useQuery({
    queryKey: settingKeys.record,
    queryFn: ({ signal }) => fetchSetting(signal),
  });

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Editar configuración"
        description="Cada cambio queda en el historial; un tipo de cambio nuevo rige desde que se guarda."
      />
      <Card>
        {!can('setting', 'edit') ? (
          <Alert
            type="info"
            showIcon
            title="Solo lectura"
            description="Tu rol no tiene permiso para editar la configuración."
          />
        ) : setting.isError ? (
          <Alert type="warning" showIcon title="No se pudo cargar la configuración" />
        ) : !setting.data ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <SettingsForm setting={setting.data} />
        )}
      </Card>
    </Flex>
  );
}
