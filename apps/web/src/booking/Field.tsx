import type { InputHTMLAttributes } from 'react';

/** What `useSchemaForm().field(name)` hands a control. */
export interface FormField {
  id: string;
  name: string;
  value: unknown;
  error?: string;
  onValue: (value: string) => void;
  onBlur: () => void;
}

/**
 * A labelled text control with its hint and its error (announced, tied by aria-describedby), the
 * public pages' own: plain elements, no component library.
 */
export function TextField({
  field,
  label,
  hint,
  ...input
}: { field: FormField; label: string; hint?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'onBlur' | 'id' | 'name'
>) {
  const described = [hint ? `${field.id}-hint` : null, field.error ? `${field.id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`pb-field${field.error ? ' pb-field--error' : ''}`}>
      <label className="pb-label" htmlFor={field.id}>
        {label}
        {input.required ? null : <span className="pb-label__optional"> (opcional)</span>}
      </label>
      <input
        {...input}
        id={field.id}
        name={field.name}
        className="pb-input"
        value={String(field.value ?? '')}
        aria-invalid={Boolean(field.error)}
        aria-describedby={described || undefined}
        onChange={(event) => field.onValue(event.target.value)}
        onBlur={field.onBlur}
      />
      {hint && (
        <p id={`${field.id}-hint`} className="pb-hint">
          {hint}
        </p>
      )}
      {field.error && (
        <p id={`${field.id}-error`} className="pb-field__error" role="alert">
          {field.error}
        </p>
      )}
    </div>
  );
}
