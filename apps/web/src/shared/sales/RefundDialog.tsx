import { useState } from 'react';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { cashOrderRoutes, formatMoney, orderRoutes, REFUND_METHODS } from '@clinica/domain';
import { callApi, isApiError } from '../api/client';
import { LimitedTextArea } from '../form/inputs';
import { notifySuccess } from '../notify';

export interface RefundTarget {
  orderNumber: number | string;
  folio?: string;
  total: number;
  branch: { id: number };
}

/** The folio to name: the order's, or its number when that is already one (the Órdenes tab's). */
const folioOf = (order: RefundTarget) =>
  order.folio ??
  (typeof order.orderNumber === 'string'
    ? order.orderNumber
    : `POS-${String(order.orderNumber).padStart(6, '0')}`);

interface RefundValues {
  refundReason: string;
  refundMethod: (typeof REFUND_METHODS)[number];
  password: string;
}

/**
 * The refund dialog (spec 002 §5, CONTRACT §12): reason, method and the user's own password. A
 * refusal (wrong password 404 code 3, already refunded 409 code 33, …) is said in Spanish inside
 * the dialog, which stays open to try again; the password is cleared, the rest kept.
 */
export function RefundDialog({
  order,
  onClose,
  onDone,
  kind = 'order',
}: {
  order: RefundTarget | null;
  onClose: () => void;
  onDone?: () => void;
  /** An order of treatments, or a cash order of products (every unit back to its lot). */
  kind?: 'order' | 'cashOrder';
}) {
  const [form] = Form.useForm<RefundValues>();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const folio = order ? folioOf(order) : '';

  const close = () => {
    setRefusal(null);
    form.resetFields();
    onClose();
  };

  async function save() {
    if (!order) return;
    let values: RefundValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      const answer = await callApi(
        kind === 'cashOrder' ? cashOrderRoutes.refund : orderRoutes.refund,
        {
          params: { orderNumber: String(order.orderNumber) },
          body: { ...values, branchId: order.branch.id },
        },
      );
      notifySuccess(answer.status, answer.code);
      await queryClient.invalidateQueries({
        queryKey: [kind === 'cashOrder' ? 'cash-order' : 'order'],
      });
      await queryClient.invalidateQueries({ queryKey: ['customer'] });
      close();
      onDone?.();
    } catch (error) {
      const detail = isApiError(error) ? error.details.map((entry) => entry.message) : [];
      setRefusal(
        detail.length > 0
          ? detail.join(' ')
          : error instanceof Error
            ? error.message
            : 'No se pudo hacer la devolución',
      );
      form.setFieldValue('password', '');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={order !== null}
      title={`Devolución de la venta ${folio}`}
      okText="Hacer devolución"
      cancelText="Volver"
      okButtonProps={{ danger: true, loading: saving }}
      onOk={() => void save()}
      onCancel={close}
      destroyOnHidden
      width={520}
    >
      {order && (
        <p>
          Se devuelve la {kind === 'cashOrder' ? 'venta' : 'orden'} completa:{' '}
          <strong>{formatMoney(order.total)}</strong> (menos lo pagado con puntos, que regresan al
          cliente){kind === 'cashOrder' ? '; cada producto vuelve al lote del que salió' : ''}.
        </p>
      )}
      {refusal && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} message={refusal} />
      )}
      <Form noValidate form={form} layout="vertical" name="refund" onFinish={() => void save()}>
        <Form.Item
          name="refundReason"
          label="Motivo de la devolución"
          rules={[
            { required: true, whitespace: true, message: 'El campo Motivo es obligatorio' },
            { max: 200, message: 'El campo Motivo admite hasta 200 caracteres' },
          ]}
        >
          <LimitedTextArea rows={3} max={200} />
        </Form.Item>
        <Form.Item
          name="refundMethod"
          label="Método de devolución"
          rules={[{ required: true, message: 'El campo Método de devolución es obligatorio' }]}
        >
          <Select
            placeholder="Elige el método"
            options={REFUND_METHODS.map((method) => ({ value: method, label: method }))}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label="Tu contraseña"
          extra="Confirma la devolución con la contraseña con la que iniciaste sesión."
          rules={[{ required: true, message: 'El campo Contraseña es obligatorio' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
