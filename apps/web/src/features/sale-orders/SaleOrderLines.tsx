import { Button, Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { MoneyInput } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { formatLocalDate, formatMoney } from '../../shared/format';
import { lineSubtotalOf, type LineValues, type LotChoice } from './saleOrderForm';

const LINES = 'saleOrderProducts';

interface Props {
  schema: z.ZodType;
  lots: LotChoice[];
  lotOf: (stockId: unknown) => LotChoice | undefined;
  loading: boolean;
  readOnly: boolean;
  /** No branch chosen yet: there are no lots to offer. */
  noBranch: boolean;
}

const lotLabel = (lot: LotChoice) =>
  [
    `${lot.sku} · ${lot.product}`,
    `Lote ${lot.allotment || 'sin lote'}`,
    lot.expiresIn ? `Cad. ${formatLocalDate(lot.expiresIn)}` : null,
    `${lot.available} disponibles`,
  ]
    .filter(Boolean)
    .join(' · ');

function LineSubtotal({ index }: { index: number }) {
  const line = (Form.useWatch([LINES, index]) as LineValues | undefined) ?? {};
  const subtotal = lineSubtotalOf(line);
  return (
    <div className="so-line__subtotal" aria-live="polite">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Subtotal
      </Typography.Text>
      <strong data-testid={`subtotal-${index}`}>
        {subtotal === null ? '—' : formatMoney(subtotal)}
      </strong>
    </div>
  );
}

/**
 * The order's lines (spec 001 §3, §5): a lot of the branch (its product, lot code, expiry and the
 * units it holds), the quantity (at most those units) and the price (at least 1), with the
 * subtotal. On a phone a line wraps, every field keeping its label.
 */
export function SaleOrderLines({ lots, ...rest }: Props) {
  const options = lots.map((lot) => ({ value: lot.stockId, label: lotLabel(lot) }));
  return (
    <Form.List name={LINES}>
      {(lines, { add, remove }, { errors }) => (
        <div className="so-lines">
          {lines.map((line, index) => (
            <LineRow
              key={line.key}
              name={line.name}
              number={index + 1}
              only={lines.length === 1}
              onRemove={() => remove(line.name)}
              options={options}
              {...rest}
            />
          ))}
          <Form.ErrorList errors={errors} />
          {!rest.readOnly && (
            <div>
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ quantity: 1 })}
                disabled={rest.noBranch}
              >
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
  options,
  schema,
  lotOf,
  loading,
  readOnly,
  noBranch,
}: Omit<Props, 'lots'> & {
  name: number;
  number: number;
  only: boolean;
  onRemove: () => void;
  options: { value: number; label: string }[];
}) {
  const form = Form.useFormInstance();
  const stockId = Form.useWatch([LINES, name, 'stockId'], form) as unknown;
  const lot = lotOf(stockId);
  const rule = (field: string) => [zodRule(schema, [LINES, name, field])];
  return (
    <fieldset className="so-line">
      <legend className="so-line__legend">Producto {number}</legend>
      {!readOnly && (
        <Button
          className="so-line__remove"
          size="small"
          type="text"
          icon={<DeleteOutlined />}
          aria-label={`Quitar el producto ${number}`}
          disabled={only}
          onClick={onRemove}
        />
      )}
      <Row gutter={12} align="top">
        <Col xs={24} lg={12}>
          <Form.Item
            name={[name, 'stockId']}
            label="Producto y lote"
            required
            rules={rule('stockId')}
            extra={
              noBranch
                ? 'Elige primero la sucursal.'
                : lot
                  ? // The select cuts a long label: the chosen lot stays readable here.
                    [
                      `Lote ${lot.allotment || 'sin lote'}`,
                      lot.expiresIn ? `caduca ${formatLocalDate(lot.expiresIn)}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  : undefined
            }
          >
            <Select
              placeholder="Selecciona un producto de la sucursal"
              loading={loading}
              disabled={noBranch}
              showSearch={{ optionFilterProp: 'label' }}
              options={options}
              notFoundContent="La sucursal no tiene existencias"
              onChange={(value: number) => {
                // A new line starts at the product's sale price, when the role may see it.
                const price = form.getFieldValue([LINES, name, 'price']) as unknown;
                const unitPrice = lotOf(value)?.unitPrice;
                if (typeof price !== 'number' && typeof unitPrice === 'number' && unitPrice >= 1)
                  form.setFieldValue([LINES, name, 'price'], unitPrice);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8} lg={4}>
          <Form.Item
            name={[name, 'quantity']}
            label="Cantidad"
            required
            rules={rule('quantity')}
            dependencies={[[LINES, name, 'stockId']]}
            extra={lot ? `Disponibles: ${lot.available}` : undefined}
          >
            <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8} lg={4}>
          <Form.Item name={[name, 'price']} label="Precio" required rules={rule('price')}>
            <MoneyInput min={1} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8} lg={4}>
          <LineSubtotal index={name} />
        </Col>
      </Row>
    </fieldset>
  );
}
