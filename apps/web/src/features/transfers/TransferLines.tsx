import { Button, Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { zodRule } from '../../shared/form/zodRules';
import { formatLocalDate } from '../../shared/format';
import type { LotChoice } from './api';

const LINES = 'transferProducts';

/** 'CV-PS50 · Sérum · Lote L-1 · cad. 31-08-2027 · 12 disp.': a lot as the select lists it. */
export function lotLabel(
  lot: Pick<LotChoice, 'sku' | 'product' | 'allotment' | 'expiresIn' | 'quantity'>,
) {
  const expiry = lot.expiresIn ? `cad. ${formatLocalDate(lot.expiresIn)}` : 'sin caducidad';
  return `${lot.sku} · ${lot.product} · Lote ${lot.allotment} · ${expiry} · ${lot.quantity} disp.`;
}

interface Props {
  schema: z.ZodType;
  lots: LotChoice[];
  loading: boolean;
  readOnly: boolean;
  /** Why there is nothing to choose yet (no origin chosen). */
  emptyText: string;
}

/**
 * The lines of a transfer being created or edited (spec 001 §5): a lot of the origin, each lot
 * once (the others' lots are disabled), and the quantity to send within what it holds.
 */
export function TransferLines(props: Props) {
  return (
    <Form.List name={LINES}>
      {(lines, { add, remove }, { errors }) => (
        <div className="transfer-lines">
          {lines.map((line, index) => (
            <LineRow
              key={line.key}
              name={line.name}
              number={index + 1}
              only={lines.length === 1}
              onRemove={() => remove(line.name)}
              {...props}
            />
          ))}
          <Form.ErrorList errors={errors} />
          {!props.readOnly && (
            <div>
              <Button icon={<PlusOutlined />} onClick={() => add({ stockedQuantity: 1 })}>
                Agregar producto
              </Button>
            </div>
          )}
        </div>
      )}
    </Form.List>
  );
}

function LineRow({
  name,
  number,
  only,
  onRemove,
  schema,
  lots,
  loading,
  readOnly,
  emptyText,
}: Props & { name: number; number: number; only: boolean; onRemove: () => void }) {
  const all = (Form.useWatch(LINES) as { stockId?: number }[] | undefined) ?? [];
  const stockId = all[name]?.stockId;
  const taken = new Set(all.filter((_, index) => index !== name).map((line) => line.stockId));
  const lot = lots.find((candidate) => candidate.stockId === stockId);
  const rule = (field: string) => [zodRule(schema, [LINES, name, field])];
  return (
    <fieldset className="transfer-line">
      <legend className="transfer-line__legend">Producto {number}</legend>
      {!readOnly && (
        <Button
          className="transfer-line__remove"
          size="small"
          type="text"
          icon={<DeleteOutlined />}
          aria-label={`Quitar el producto ${number}`}
          disabled={only}
          onClick={onRemove}
        />
      )}
      <Row gutter={12} align="top">
        <Col xs={24} lg={15}>
          <Form.Item
            name={[name, 'stockId']}
            label="Producto"
            required
            rules={rule('stockId')}
            extra="Producto y lote de la sucursal de origen."
          >
            <Select
              placeholder="Selecciona un producto y lote"
              loading={loading}
              notFoundContent={emptyText}
              showSearch={{ optionFilterProp: 'label' }}
              options={lots.map((choice) => ({
                value: choice.stockId,
                label: lotLabel(choice),
                disabled: taken.has(choice.stockId),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8} lg={5}>
          <Form.Item
            name={[name, 'stockedQuantity']}
            label="Cantidad enviada"
            required
            rules={rule('stockedQuantity')}
            dependencies={[[LINES, name, 'stockId']]}
          >
            <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8} lg={4}>
          <div className="transfer-line__facts" aria-live="polite">
            <small>Disponible</small>
            <Typography.Text strong>{lot ? lot.quantity : '—'}</Typography.Text>
          </div>
        </Col>
      </Row>
    </fieldset>
  );
}
