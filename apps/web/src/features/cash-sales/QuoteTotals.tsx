import { Descriptions } from 'antd';
import { formatMoney, type CashOrderQuote } from '@clinica/domain';

/** The server's figures of the sale being made: nothing here is computed in the browser. */
export function QuoteTotals({ quote }: { quote: CashOrderQuote }) {
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} aria-label="Totales">
      <Descriptions.Item label="Subtotal">{formatMoney(quote.subtotal)}</Descriptions.Item>
      <Descriptions.Item label="Descuento">{formatMoney(quote.discountTotal)}</Descriptions.Item>
      <Descriptions.Item label="IVA">{formatMoney(quote.taxes)}</Descriptions.Item>
      <Descriptions.Item label="Total">
        <strong>{formatMoney(quote.total)}</strong>
      </Descriptions.Item>
      <Descriptions.Item label="Por pagar">{formatMoney(quote.owed)}</Descriptions.Item>
      <Descriptions.Item label="Cambio">{formatMoney(quote.change)}</Descriptions.Item>
      <Descriptions.Item label="Puntos que gana">{quote.pointsEarned}</Descriptions.Item>
    </Descriptions>
  );
}
