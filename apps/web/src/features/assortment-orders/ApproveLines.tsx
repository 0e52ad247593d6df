import { Button, Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { LineCard } from '../../shared/form/LotLines';
import { zodRule } from '../../shared/form/zodRules';
import { formatLocalDate } from '../../shared/format';
import type { AssortmentOrder, AssortmentOrderLine, CentreLot } from './api';

const LINES = 'assortmentOrderProducts';

interface LotPick {
  productId?: number;
  stockId?: number | null;
  stockedQuantity?: number | null;
}

interface Props {
  order: AssortmentOrder;
  schema: z.ZodType;
  lotsOf: (productId: number) => CentreLot[];
  loading: boolean;
}

const lotLabel = (lot: CentreLot) =>
  `Lote ${lot.allotment || 'sin lote'}${lot.expiresIn ? ` · caduca ${formatLocalDate(lot.expiresIn.slice(0, 10))}` : ''} · ${lot.quantity} disponibles`;

/**
 * Approve: for each product of the order, the CEDIS lots to send it from and how many of each
 * (spec 001 §4, §5): a product may be served from several lots, a lot once; a quantity above
 * what its lot holds is 'Inventarío insuficiente'. The body is the flat list of picks; each
 * product shows its own.
 */
export function ApproveLines({ order, schema, lotsOf, loading }: Props) {
  // Preserved: a pick's product is in the store, not in a field.
  const picks = (Form.useWatch(LINES, { preserve: true }) as LotPick[] | undefined) ?? [];
  return (
    <Form.List name={LINES}>
      {(fields, { add, remove }, { errors }) => (
        <div className="lot-lines">
          {order.assortmentOrderProducts
            .filter((line) => line.orderedQuantity > 0)
            .map((line, index) => {
              const mine = fields.filter(
                (field) => picks[field.name]?.productId === line.productId,
              );
              const last = mine.at(-1)?.name ?? fields.length - 1;
              return (
                <ProductPicks
                  key={line.id}
                  line={line}
                  number={index + 1}
                  fields={mine.map((field) => field.name)}
                  picks={picks}
                  lots={lotsOf(line.productId)}
                  schema={schema}
                  loading={loading}
                  onAdd={() =>
                    add(
                      { productId: line.productId, stockId: null, stockedQuantity: null },
                      last + 1,
                    )
                  }
                  onRemove={remove}
                />
              );
            })}
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}

function ProductPicks({
  line,
  number,
  fields,
  picks,
  lots,
  schema,
  loading,
  onAdd,
  onRemove,
}: {
  line: AssortmentOrderLine;
  number: number;
  fields: number[];
  picks: LotPick[];
  lots: CentreLot[];
  schema: z.ZodType;
  loading: boolean;
  onAdd: () => void;
  onRemove: (name: number) => void;
}) {
  const available = lots.reduce((sum, lot) => sum + lot.quantity, 0);
  const sending = fields.reduce((sum, name) => sum + (picks[name]?.stockedQuantity ?? 0), 0);
  const chosen = new Set(fields.map((name) => picks[name]?.stockId));
  const rule = (name: number, field: string) => [zodRule(schema, [LINES, name, field])];
  const headingId = `ao-approve-product-${line.productId}`;
  return (
    <LineCard
      legend={`Producto ${number}: ${line.product.sku} · ${line.product.name}`}
      legendId={headingId}
      number={number}
    >
      <div className="lot-line__body">
        <div className="ao-line__facts">
          <span>
            Pedida: <strong>{line.orderedQuantity}</strong>
          </span>
          <span>
            En el CEDIS: <strong>{loading ? '…' : available}</strong>
          </span>
          <span aria-live="polite">
            A enviar: <strong>{sending}</strong>
          </span>
        </div>
        {!loading && lots.length === 0 && (
          <Typography.Paragraph type="danger">
            El CEDIS no tiene existencia de este producto: rechaza la orden o espera a que llegue.
          </Typography.Paragraph>
        )}
        {fields.map((name, index) => {
          const lot = lots.find((candidate) => candidate.stockId === picks[name]?.stockId);
          return (
            <Row gutter={12} align="top" key={name} className={index > 0 ? 'ao-pick' : undefined}>
              <Col xs={24} md={14}>
                <Form.Item
                  name={[name, 'stockId']}
                  label={`Lote ${index + 1} del CEDIS`}
                  required
                  rules={rule(name, 'stockId')}
                >
                  <Select
                    placeholder="Selecciona un lote"
                    loading={loading}
                    options={lots.map((candidate) => ({
                      value: candidate.stockId,
                      label: lotLabel(candidate),
                      disabled:
                        chosen.has(candidate.stockId) && candidate.stockId !== picks[name]?.stockId,
                    }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={18} md={8}>
                <Form.Item
                  name={[name, 'stockedQuantity']}
                  label="Cantidad a enviar"
                  required
                  rules={rule(name, 'stockedQuantity')}
                  dependencies={[[LINES, name, 'stockId']]}
                  extra={lot ? `El lote tiene ${lot.quantity}` : undefined}
                >
                  <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={6} md={2}>
                {fields.length > 1 && (
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={`Quitar el lote ${index + 1} de ${line.product.name}`}
                    onClick={() => onRemove(name)}
                    style={{ marginTop: 30 }}
                  />
                )}
              </Col>
            </Row>
          );
        })}
        {lots.length > fields.length && (
          <Button
            icon={<PlusOutlined />}
            onClick={onAdd}
            style={{ marginBottom: 16 }}
            aria-label={`Agregar otro lote de ${line.product.name}`}
          >
            Agregar otro lote
          </Button>
        )}
      </div>
    </LineCard>
  );
}
