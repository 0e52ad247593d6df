import type { ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import type { z } from 'zod';
import { zodRule } from '../../shared/form/zodRules';
import { formatLocalDate } from '../../shared/format';
import type { AvailableOf } from './transferForm';
import type { Transfer, TransferLine } from './api';

const LINES = 'transferProducts';
const MONO = { fontFamily: 'monospace' } as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="transfer-line__facts">
      <small>{label}</small>
      <Typography.Text>{children}</Typography.Text>
    </div>
  );
}

/** The difference of a line as the destination types what arrived. */
function LineDifference({ name, sent }: { name: number; sent: number }) {
  const received = Form.useWatch([LINES, name, 'receivedQuantity']) as number | null | undefined;
  const difference = typeof received === 'number' ? sent - received : null;
  return (
    <div className="transfer-line__facts" aria-live="polite">
      <small>Diferencia</small>
      {difference !== null && difference > 0 ? (
        <strong className="transfer-difference" data-testid={`difference-${name}`}>
          −{difference}
        </strong>
      ) : (
        <Typography.Text data-testid={`difference-${name}`}>
          {difference === null ? '—' : '0'}
        </Typography.Text>
      )}
    </div>
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
        <div className="transfer-lines">
          {lines.map((entry, index) => {
            const line = record.transferProducts[index] as TransferLine | undefined;
            if (!line) return null;
            const available = availableOf(line.stockId);
            return (
              <fieldset className="transfer-line" key={entry.key}>
                <legend className="transfer-line__legend">
                  Producto {index + 1}: {line.product.name}
                </legend>
                <Form.Item name={[entry.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Row gutter={12} align="top">
                  <Col xs={12} md={4}>
                    <Fact label="SKU">
                      <span style={MONO}>{line.product.sku}</span>
                    </Fact>
                  </Col>
                  <Col xs={12} md={4}>
                    <Fact label="Lote">
                      <span style={MONO}>{line.productStock.allotment}</span>
                    </Fact>
                  </Col>
                  <Col xs={12} md={4}>
                    <Fact label="Caducidad">
                      {line.productStock.expiresIn
                        ? formatLocalDate(line.productStock.expiresIn)
                        : 'Sin caducidad'}
                    </Fact>
                  </Col>
                  {mode === 'approve' ? (
                    <>
                      <Col xs={12} md={3}>
                        <Fact label="Solicitada">{line.stockedQuantity}</Fact>
                      </Col>
                      <Col xs={12} md={3}>
                        <Fact label="Disponible">{available ?? '—'}</Fact>
                      </Col>
                    </>
                  ) : (
                    <Col xs={12} md={3}>
                      <Fact label="Enviada">{line.stockedQuantity}</Fact>
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
              </fieldset>
            );
          })}
        </div>
      )}
    </Form.List>
  );
}
