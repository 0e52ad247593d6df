import { useState, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import type { ApiError, ApiResult } from '../api/client';
import { isApiError } from '../api/client';
import { notifyError, notifySuccess, showNotice } from '../notify';
import { applyServerDetails } from './zodRules';

interface FormModalProps<Values, Answer> {
  /** Prefixes the fields' ids, so two modals on one page never share an id. */
  name: string;
  title: string;
  open: boolean;
  okText: string;
  onClose: () => void;
  /** The call; the modal closes on 200 or 201 and stays open otherwise (spec 000 §4). */
  submit: (values: Values) => Promise<ApiResult<Answer>>;
  /** What the success notice says, from the answer; the catalogue's message otherwise. */
  successText?: (data: Answer) => string;
  children: (form: FormInstance<Values>) => ReactNode;
  /**
   * An answer that is about one field though it names none (a wrong current password is 404
   * code 3): its message goes on that field instead of a notice.
   */
  fieldOf?: (error: ApiError) => { field: string; message: string } | undefined;
}

/** A small form in a modal: Cambiar Contraseña, Cambiar Pin, Registrar Entrada. */
export function FormModal<Values extends object, Answer = unknown>({
  name,
  title,
  open,
  okText,
  onClose,
  submit,
  successText,
  children,
  fieldOf,
}: FormModalProps<Values, Answer>) {
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
      const answer = await submit(values);
      if (answer.status === 200 || answer.status === 201) {
        if (successText) showNotice('success', successText(answer.data));
        else notifySuccess(answer.status, answer.code);
        form.resetFields();
        onClose();
      }
    } catch (error) {
      const onField = isApiError(error) ? fieldOf?.(error) : undefined;
      if (onField) {
        applyServerDetails(form, [onField]);
      } else {
        notifyError(error);
        if (isApiError(error)) applyServerDetails(form, error.details);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={title}
      open={open}
      okText={okText}
      cancelText="Cancelar"
      onOk={() => void save()}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<Values>
        // Checked in Spanish by the form's rules, never by the browser's own (English) bubbles.
        noValidate
        name={name}
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={() => void save()}
        style={{ marginTop: 16 }}
      >
        {children(form)}
        {/* Enter in any field submits, as in every other form. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Modal>
  );
}
