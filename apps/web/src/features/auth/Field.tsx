import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /**
   * A text the server limits: the characters typed against the limit, shown under the control.
   * Nothing is cut: past the limit the field's rule reports it (issue 11 item 9).
   */
  count?: { value: unknown; max: number };
  /** Renders the control with the ids and states its label and messages need. */
  children: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** A labelled control with its hint and its error message, announced to screen readers. */
export function Field({ id, label, error, hint, count, children }: FieldProps) {
  const length = count ? String(count.value ?? '').length : 0;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': described || undefined,
      })}
      {count && (
        <div className={`field__count${length > count.max ? ' field__count--over' : ''}`}>
          {length} / {count.max}
        </div>
      )}
      {hint && !error && (
        <div id={`${id}-hint`} className="field__hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
