import { Alert, Descriptions, Flex, InputNumber, Typography } from 'antd';
import { PAYMENT_REFERENCE_MAX } from '@clinica/domain';
import { formatMoney } from '../../../shared/format';
import { LimitedInput } from '../../../shared/form/inputs';
import { PAYMENT_ROWS, type PaymentKey } from './cart';
import type { Quote } from './useQuote';

const money = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : formatMoney(value);

/**
 * The payments, one row a method (cash in pesos and in dollars, cards, transfer, deposit,
 * points up to the customer's balance), and the figures the quote answered: subtotal, discount,
 * total, the dollars' rate, what is still owed and the change. A card, transfer or deposit with an
 * amount asks for its reference (optional for the API, up to its limit; a refusal is said below).
 */
export function PaymentsPanel({
  payments,
  onChange,
  references,
  onReference,
  quote,
  pointsBalance,
  refusal,
}: {
  payments: Partial<Record<PaymentKey, number | null>>;
  onChange: (key: PaymentKey, amount: number | null) => void;
  references: Partial<Record<PaymentKey, string>>;
  onReference: (key: PaymentKey, reference: string) => void;
  quote: Quote | undefined;
  pointsBalance: number;
  refusal: string | null;
}) {
  return (
    <Flex vertical gap={12}>
      <fieldset className="pos__payments">
        <legend className="pos__label">Pagos</legend>
        {PAYMENT_ROWS.map((row) => {
          const points = row.key === 'points';
          const disabled = points && pointsBalance <= 0;
          const paid = (payments[row.key] ?? 0) > 0;
          return (
            <div key={row.key} className="pos__payment-block">
              <Flex gap={8} align="center" className="pos__payment">
                <label htmlFor={`pos-pay-${row.key}`} className="pos__payment-label">
                  {row.label}
                  {row.currency === 'DLS' && quote && (
                    <Typography.Text type="secondary" className="pos__hint">
                      {' '}
                      a {formatMoney(quote.exchangeRate)}
                    </Typography.Text>
                  )}
                  {points && (
                    <Typography.Text type="secondary" className="pos__hint">
                      {' '}
                      (hasta {pointsBalance})
                    </Typography.Text>
                  )}
                </label>
                <InputNumber<number>
                  id={`pos-pay-${row.key}`}
                  className="pos__amount"
                  min={0}
                  max={points ? pointsBalance : 1_000_000}
                  precision={points ? 0 : 2}
                  prefix={row.currency === 'DLS' ? 'US$' : points ? undefined : '$'}
                  disabled={disabled}
                  value={payments[row.key] ?? null}
                  onChange={(value) => onChange(row.key, value)}
                  style={{ width: 150 }}
                />
              </Flex>
              {row.reference && paid && (
                <Flex gap={8} align="center" className="pos__payment pos__reference">
                  <label htmlFor={`pos-ref-${row.key}`} className="pos__payment-label pos__hint">
                    Referencia<span className="visually-hidden"> de {row.label}</span>
                  </label>
                  <LimitedInput
                    id={`pos-ref-${row.key}`}
                    max={PAYMENT_REFERENCE_MAX}
                    placeholder="Autorización"
                    value={references[row.key] ?? ''}
                    onChange={(event) => onReference(row.key, event.target.value)}
                    style={{ width: 190 }}
                  />
                </Flex>
              )}
            </div>
          );
        })}
      </fieldset>
      {refusal && <Alert type="error" showIcon role="alert" message={refusal} />}
      {!refusal && quote?.paymentProblem && (
        <Alert type="info" showIcon message={quote.paymentProblem.message} />
      )}
      <Descriptions
        size="small"
        bordered
        column={1}
        className="pos__totals"
        aria-live="polite"
        items={[
          { key: 'subtotal', label: 'Subtotal', children: money(quote?.subtotal) },
          { key: 'discount', label: 'Descuento', children: money(quote?.discountTotal) },
          {
            key: 'total',
            label: 'Total',
            children: <strong className="pos__total">{money(quote?.total)}</strong>,
          },
          { key: 'paid', label: 'Pagado', children: money(quote?.paidMxn) },
          {
            key: 'owed',
            label: 'Falta por pagar',
            children: <strong>{money(quote?.owed)}</strong>,
          },
          { key: 'change', label: 'Cambio', children: <strong>{money(quote?.change)}</strong> },
          { key: 'points', label: 'Puntos que gana', children: quote?.pointsEarned ?? '—' },
        ]}
      />
    </Flex>
  );
}
