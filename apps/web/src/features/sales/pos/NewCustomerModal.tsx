import { useState } from 'react';
import { DatePicker, Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { customerBody, GENDERS } from '@clinica/domain';
import { LimitedInput } from '../../../shared/form/inputs';
import { SchemaField } from '../../../shared/form/SchemaField';
import { isApiError } from '../../../shared/api/client';
import { notifyError, notifySuccess } from '../../../shared/notify';
import { createCustomer } from '../api';
import type { PickedCustomer } from './CustomerPicker';

interface Values {
  name: string;
  lastName: string;
  motherLastName?: string;
  birthday: Dayjs;
  mobilePhone?: string;
  email?: string;
  gender?: string;
}

/**
 * A customer registered without leaving the sale: the fields the customer's create needs (name,
 * last name, birthday) and the usual contact ones. The server checks the rest (the mobile and
 * e-mail unique, a minor's tutor) and its refusal is shown on the field it names.
 */
export function NewCustomerModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (customer: PickedCustomer) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  async function save() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await createCustomer({
        name: values.name,
        lastName: values.lastName,
        motherLastName: values.motherLastName || null,
        birthday: values.birthday.format('YYYY-MM-DD'),
        mobilePhone: values.mobilePhone || null,
        email: values.email || null,
        gender: (values.gender as (typeof GENDERS)[number] | undefined) ?? null,
      });
      notifySuccess(answer.status, answer.code);
      form.resetFields();
      onCreated(answer.data);
    } catch (error) {
      if (isApiError(error) && error.details.length > 0) {
        const names = [
          'name',
          'lastName',
          'motherLastName',
          'birthday',
          'mobilePhone',
          'email',
          'gender',
        ];
        form.setFields(
          error.details
            .filter((detail) => names.includes(detail.field))
            .map((detail) => ({ name: detail.field as keyof Values, errors: [detail.message] })),
        );
      }
      notifyError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title="Nuevo cliente"
      okText="Registrar cliente"
      cancelText="Volver"
      okButtonProps={{ loading: saving }}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form noValidate form={form} layout="vertical" name="pos-customer">
        <SchemaField schema={customerBody} name="name">
          <LimitedInput max={50} autoFocus />
        </SchemaField>
        <SchemaField schema={customerBody} name="lastName" />
        <SchemaField schema={customerBody} name="motherLastName" />
        <Form.Item
          name="birthday"
          label="Fecha de nacimiento"
          rules={[{ required: true, message: 'El campo Fecha de nacimiento es obligatorio' }]}
        >
          <DatePicker format="DD-MM-YYYY" style={{ width: '100%' }} placeholder="DD-MM-AAAA" />
        </Form.Item>
        <SchemaField schema={customerBody} name="mobilePhone" label="Celular">
          <Input inputMode="tel" />
        </SchemaField>
        <SchemaField schema={customerBody} name="email" label="Correo electrónico">
          <Input type="email" />
        </SchemaField>
        <SchemaField schema={customerBody} name="gender" label="Género">
          <Select
            allowClear
            options={GENDERS.map((gender) => ({ value: gender, label: gender }))}
          />
        </SchemaField>
      </Form>
    </Modal>
  );
}
