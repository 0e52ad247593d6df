import { Alert, Col, Form, InputNumber, Row } from 'antd';
import type { z } from 'zod';
import { LineCard, LineFact } from '../../shared/form/LotLines';
import { zodRule } from '../../shared/form/zodRules';
import { formatLocalDate } from '../../shared/format';
import type { AssortmentOrder, AssortmentOrderLine } from './api';
import { differenceOf } from './orderRules';

const LINES = 'assortmentOrderProducts';

interface Received {
  id?: number;
  receivedQuantity?: number | null;
}

/**
 * Confirm: the quantity received of every line the CEDIS sent, at most what was sent (spec 001
 * §4, §5); products cannot be added or removed. The difference is shown as it is typed: it stays
 * recorded as lost in transit.
 */
export function ConfirmLines({ order, schema }: { order: AssortmentOrder; schema: z.ZodType }) {
  const received = (Form.useWatch(LINES) as Received[] | undefined) ?? [];
  const missing = order.assortmentOrderProducts.reduce((sum, line, index) => {
    const difference = differenceOf(line.stockedQuantity, received[index]?.receivedQuantity);
    return sum + (difference !== null && difference > 0 ? difference : 0);
  }, 0);
  return (
    <div className="lot-lines">
      {order.assortmentOrderProducts.map((line, index) => (
        <ReceivedLine
          key={line.id}
          line={line}
          index={index}
          received={received[index]?.receivedQuantity}
          schema={schema}
        />
      ))}
      {missing > 0 && (
        <Alert
          type="warning"
          showIcon
          role="status"
          data-testid="confirm-difference"
          title={
            missing === 1
              ? 'Se recibió 1 unidad menos de las enviadas'
              : `Se recibieron ${missing} unidades menos de las enviadas`
          }
          description="La diferencia queda registrada como merma en tránsito y la orden se resalta en la lista."
        />
      )}
    </div>
  );
}

function ReceivedLine({
  line,
  index,
  received,
  schema,
}: {
  line: AssortmentOrderLine;
  index: number;
  received: number | null | undefined;
  schema: z.ZodType;
}) {
  const difference = differenceOf(line.stockedQuantity, received);
  const short = difference !== null && difference > 0;
  return (
    <LineCard
      legend={`Producto ${index + 1}: ${line.product.sku} · ${line.product.name}`}
      number={index + 1}
    >
      <div className="lot-line__body">
        <div className="ao-line__facts">
          <span>
            Lote:{' '}
            <strong style={{ fontFamily: 'monospace' }}>
              {line.productStock?.allotment ?? '—'}
            </strong>
          </span>
          {line.productStock?.expiresIn && (
            <span>
              Caduca: <strong>{formatLocalDate(line.productStock.expiresIn.slice(0, 10))}</strong>
            </span>
          )}
          <span>
            Enviada: <strong>{line.stockedQuantity ?? 0}</strong>
          </span>
        </div>
        <Row gutter={12} align="top">
          <Col xs={24} sm={12} md={8}>
            <Form.Item name={[LINES, index, 'id']} hidden>
              <InputNumber />
            </Form.Item>
            <Form.Item
              name={[LINES, index, 'receivedQuantity']}
              label="Cantidad recibida"
              required
              rules={[zodRule(schema, [LINES, index, 'receivedQuantity'])]}
              extra={`De ${line.stockedQuantity ?? 0} enviadas`}
            >
              <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <LineFact label="Diferencia" testId={`difference-${index}`} short={short} live>
              {difference === null ? '—' : short ? `−${difference}` : '0'}
            </LineFact>
          </Col>
        </Row>
      </div>
    </LineCard>
  );
}
