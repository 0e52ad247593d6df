import type { ReactNode } from 'react';
import { Form, Input, type FormItemProps } from 'antd';
import type { z } from 'zod';
import { fieldInfo } from './fieldInfo';
import { zodRule } from './zodRules';

type SchemaFieldProps = Omit<FormItemProps, 'name' | 'label' | 'required' | 'rules'> & {
  /** The request body's schema, shared with the server. */
  schema: z.ZodObject;
  name: string;
  /** For a field whose schema carries no label (an enum, a number) or that reads otherwise. */
  label?: string;
  /** The control; a text input as long as the schema allows when left out. */
  children?: ReactNode;
  /** For the default control: count the characters against the limit (on unless false). */
  showCount?: boolean;
  /** For the default control: a text area of these rows. */
  rows?: { minRows: number; maxRows: number };
};

/**
 * A form field that reads its label, length and required flag from the domain schema, and
 * validates with it (STYLE: never a second copy of the rules).
 */
export function SchemaField({
  schema,
  name,
  label,
  children,
  showCount,
  rows,
  ...item
}: SchemaFieldProps) {
  const field = fieldInfo(schema, name);
  // A limited text is counted and never cut: past the limit it is the rule's error.
  const count = field.maxLength ? { show: showCount ?? true, max: field.maxLength } : undefined;
  const control =
    children ?? (rows ? <Input.TextArea count={count} autoSize={rows} /> : <Input count={count} />);
  return (
    <Form.Item
      {...item}
      label={label ?? field.label}
      name={name}
      required={field.required}
      rules={[
        zodRule(schema, name, label && field.label ? { from: field.label, to: label } : undefined),
      ]}
    >
      {control}
    </Form.Item>
  );
}
