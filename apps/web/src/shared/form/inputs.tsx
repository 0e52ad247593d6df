import type { KeyboardEvent } from 'react';
import { DatePicker, Input, InputNumber, type InputProps } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import { dayjs, todayInBranch } from '../format';
import { maskPhone } from '../phone';

/**
 * Controls for the forms' recurring values, each holding the value the API takes: a phone typed
 * through the mask (the shared schema strips it to digits), a `YYYY-MM-DD` date, money.
 */

type ControlProps<T> = {
  id?: string;
  value?: T;
  onChange?: (value: T) => void;
  disabled?: boolean;
  'aria-invalid'?: boolean;
};

export function PhoneInput({
  value,
  onChange,
  ...rest
}: ControlProps<string> & Omit<InputProps, 'value' | 'onChange'>) {
  return (
    <Input
      {...rest}
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(000)000-0000"
      value={maskPhone(value)}
      onChange={(event) => onChange?.(maskPhone(event.target.value))}
    />
  );
}

/**
 * Enter in a date field takes the typed date (the picker commits it first) and stops there: the
 * browser's implicit submission would otherwise save the whole form before the user chose to.
 */
export function keepEnterInField(event: KeyboardEvent<HTMLElement>): void {
  if (event.key === 'Enter') event.preventDefault();
}

/**
 * A date picker on `YYYY-MM-DD` text; `noFuture` disables the days after today (spec 000 §5),
 * `notBefore` the days before a `YYYY-MM-DD` date. Enter never submits the form.
 */
export function DateInput({
  id,
  value,
  onChange,
  disabled,
  noFuture,
  notBefore,
  ...rest
}: ControlProps<string | null> & {
  noFuture?: boolean;
  notBefore?: string;
  placeholder?: string;
}) {
  const today = todayInBranch();
  return (
    <DatePicker
      id={id}
      aria-invalid={rest['aria-invalid']}
      style={{ width: '100%' }}
      format={['DD-MM-YYYY', 'DDMMYYYY', 'YYYY-MM-DD']}
      placeholder={rest.placeholder ?? 'DD-MM-AAAA'}
      disabled={disabled}
      value={value ? dayjs(value, 'YYYY-MM-DD') : null}
      onChange={(next) => onChange?.(next ? next.format('YYYY-MM-DD') : null)}
      onKeyDown={keepEnterInField}
      disabledDate={
        noFuture || notBefore
          ? (day) => {
              const text = day.format('YYYY-MM-DD');
              return (
                (noFuture === true && text > today) || (notBefore !== undefined && text < notBefore)
              );
            }
          : undefined
      }
    />
  );
}

const thousands = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 2 });
const cents = new Intl.NumberFormat('es-MX', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Money with thousands separators while typing (15,500.5) and two decimals at rest ($ 15,500.50). */
export function MoneyInput({
  value,
  onChange,
  ...rest
}: ControlProps<number | null> & { min?: number; prefix?: string }) {
  return (
    <InputNumber<number>
      {...rest}
      style={{ width: '100%' }}
      prefix={rest.prefix ?? '$'}
      min={rest.min ?? 0}
      precision={2}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      formatter={(raw, info) => {
        if (raw === undefined || raw === null || String(raw) === '') return '';
        // At rest an amount reads as money, `1,234.50`; while typing, as typed.
        if (!info?.userTyping && Number.isFinite(Number(raw))) return cents.format(Number(raw));
        const [whole = '', decimals] = String(raw).split('.');
        const grouped = thousands.format(Number(whole));
        return decimals === undefined ? grouped : `${grouped}.${decimals}`;
      }}
      parser={(text) => Number((text ?? '').replace(/[^\d.]/g, ''))}
    />
  );
}

/**
 * Text with the server's length limit: a counter, and what goes past the limit stays in the field
 * as an error (the field's rule says so) instead of being cut silently.
 */
export function LimitedInput({
  max,
  ...rest
}: Omit<InputProps, 'maxLength' | 'count'> & { max: number }) {
  return <Input {...rest} count={{ show: true, max }} />;
}

/** A text area with the server's length limit, counted, never cut (see `LimitedInput`). */
export function LimitedTextArea({
  max,
  ...rest
}: Omit<TextAreaProps, 'maxLength' | 'count' | 'showCount'> & { max: number }) {
  return <Input.TextArea {...rest} count={{ show: true, max }} />;
}
