import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { FieldDetail } from '../api/client';

/**
 * A small form state for the public screens, validated with the domain's zod schemas like every
 * other form. The sign-in screens use it instead of antd's Form to stay inside their size budget
 * (antd Form and its validator are ~25 KB gzip that a four-field form does not need).
 */

type Errors = Record<string, string>;

function errorsOf(schema: z.ZodType, values: unknown): Errors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

export function useSchemaForm<Schema extends z.ZodType, Values extends Record<string, unknown>>(
  schema: Schema,
  initial: Values,
) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const current = useRef(values);
  const touched = useRef(new Set<string>());
  const formRef = useRef<HTMLFormElement>(null);

  /** Re-checks the fields the user has already left (a confirmation along with its field). */
  const recheck = (next: Values) => {
    const all = errorsOf(schema, next);
    const updated: Errors = {};
    for (const key of touched.current) if (all[key]) updated[key] = all[key];
    setErrors(updated);
  };

  const setValue = <Key extends keyof Values & string>(name: Key, value: Values[Key]) => {
    const next = { ...current.current, [name]: value };
    current.current = next;
    setValues(next);
    if (touched.current.size > 0) recheck(next);
  };

  /** Props for a control: value, change, blur, and its error. */
  const field = <Key extends keyof Values & string>(name: Key) => ({
    id: name,
    name,
    value: values[name],
    error: errors[name],
    onBlur: () => {
      touched.current.add(name);
      recheck(current.current);
    },
    onValue: (value: Values[Key]) => setValue(name, value),
  });

  const handleSubmit =
    (onValid: (data: z.output<Schema>) => void | Promise<void>) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const result = schema.safeParse(current.current);
      if (!result.success) {
        const all = errorsOf(schema, current.current);
        for (const key of Object.keys(all)) touched.current.add(key);
        setErrors(all);
        const first = Object.keys(all)[0];
        if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        return;
      }
      void onValid(result.data);
    };

  /** Puts the server's `details` on their fields. */
  const setServerErrors = (details: FieldDetail[]) => {
    const next: Errors = {};
    for (const detail of details) {
      const key = detail.field.split('.')[0] ?? '';
      if (key in current.current && !(key in next)) next[key] = detail.message;
    }
    setErrors(next);
  };

  const reset = (next: Values) => {
    current.current = next;
    touched.current.clear();
    setValues(next);
    setErrors({});
  };

  return { values, errors, field, setValue, handleSubmit, setServerErrors, reset, formRef };
}
