import { Col, Form, Input, InputNumber, Row } from 'antd';
import type { z } from 'zod';
import { LineCard, LineFact } from '../../shared/form/LotLines';
import { zodRule } from '../../shared/form/zodRules';
import { formatLocalDate } from '../../shared/format';
import type { AvailableOf } from './transferForm';
import type { Transfer, TransferLine } from './api';

const LINES = 'transferProducts';
const MONO = { fontFamily: 'monospace' } as const;

/** The difference of a line as the destination types what arrived. */
function LineDifference({ name, sent }: { name: number; sent: number }) {
  const received = Form.useWatch([LINES, name, 'receivedQuantity']) as number | null | undefined;
  const difference = typeof received === 'number' ? sent - received : null;
  const short = difference !== null && difference > 0;
  return (
    <LineFact label="Diferencia" testId={`difference-${name}`} short={short} live>
      {difference === null ? '—' : short ? `−${difference}` : '0'}
    </LineFact>
  );
}

/**
 * The lines of a transfer under review or being received (spec 001 §4, §5): products cannot be
 * added or removed; the approver sets the quantity to send (within what the origin's lot holds),
 * the destination the quantity received (within what was sent), with the difference beside it.
 */
export function ReviewLines({
  mode,
  record,
  schema,
  availableOf,
}: {
  mode: 'approve' | 'confirm';
  record: Transfer;
  schema: z.ZodType;
  availableOf: AvailableOf;
}) {
  const field = mode === 'approve' ? 'stockedQuantity' : 'receivedQuantity';
  return (
    <Form.List name={LINES}>
      {(lines) => (
        <div className="lot-lines">
          {lines.map((entry, index) => {
            const line = record.transferProducts[index] as TransferLine | undefined;
            if (!line) return null;
            const available = availableOf(line.stockId);
            return (
              <LineCard
                key={entry.key}
                legend={`Producto ${index + 1}: ${line.product.name}`}
                number={index + 1}
              >
                <Form.Item name={[entry.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Row gutter={12} align="top">
                  <Col xs={12} md={4}>
                    <LineFact label="SKU" plain>
                      <span style={MONO}>{line.product.sku}</span>
                    </LineFact>
                  </Col>
                  <Col xs={12} md={4}>
                    <LineFact label="Lote" plain>
                      <span style={MONO}>{line.productStock.allotment}</span>
                    </LineFact>
                  </Col>
                  <Col xs={12} md={4}>
                    <LineFact label="Caducidad" plain>
                      {line.productStock.expiresIn
                        ? formatLocalDate(line.productStock.expiresIn)
                        : 'Sin caducidad'}
                    </LineFact>
                  </Col>
                  {mode === 'approve' ? (
                    <>
                      <Col xs={12} md={3}>
                        <LineFact label="Solicitada" plain>
                          {line.stockedQuantity}
                        </LineFact>
                      </Col>
                      <Col xs={12} md={3}>
                        <LineFact label="Disponible" plain>
                          {available ?? '—'}
                        </LineFact>
                      </Col>
                    </>
                  ) : (
                    <Col xs={12} md={3}>
                      <LineFact label="Enviada" plain>
                        {line.stockedQuantity}
                      </LineFact>
                    </Col>
                  )}
                  <Col xs={12} md={4}>
                    <Form.Item
                      name={[entry.name, field]}
                      label={mode === 'approve' ? 'Cantidad enviada' : 'Cantidad recibida'}
                      required
                      rules={[zodRule(schema, [LINES, entry.name, field])]}
                    >
                      <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  {mode === 'confirm' && (
                    <Col xs={12} md={3}>
                      <LineDifference name={entry.name} sent={line.stockedQuantity} />
                    </Col>
                  )}
                </Row>
              </LineCard>
            );
          })}
        </div>
      )}
    </Form.List>
  );
}
