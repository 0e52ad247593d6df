import { useEffect, useRef } from 'react';
import { Button, Col, Form, InputNumber, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { DateInput, LimitedInput, MoneyInput } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { formatMoney } from '../../shared/format';
import {
  lineSubtotal,
  needsLot,
  stripLot,
  type LineProduct,
  type LineValues,
} from './purchaseOrderForm';

const LINES = 'purchaseOrderProducts';

/** The price a new line starts with: the product's cost, when the catalogue knows it. */
export interface ProductChoice extends LineProduct {
  cost: number | null;
}

function LineSubtotal({ index, productOf }: { index: number; productOf: Props['productOf'] }) {
  const line = (Form.useWatch([LINES, index]) as LineValues | undefined) ?? {};
  const subtotal = lineSubtotal(line, productOf(line.productId));
  const product = productOf(line.productId);
  return (
    <div className="po-line__subtotal" aria-live="polite">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Subtotal
      </Typography.Text>
      <strong>{subtotal === null ? '—' : formatMoney(subtotal)}</strong>
      {product && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          con IVA {product.tax}%
        </Typography.Text>
      )}
    </div>
  );
}

interface Props {
  schema: z.ZodType;
  products: ProductChoice[];
  productOf: (id: unknown) => ProductChoice | undefined;
  loading: boolean;
  readOnly: boolean;
}

/**
 * The order's lines (spec 001 §3, §5): product, quantity, price, lot and expiry (required unless
 * the product is an `Insumo`), each with its subtotal with tax. On a phone or a tablet a line
 * wraps onto two or three rows, every field keeping its label.
 */
export function PurchaseOrderLines({ products, ...rest }: Props) {
  const options = products.map((product) => ({
    value: product.id,
    label: `${product.sku} · ${product.name}`,
  }));

  return (
    <Form.List name={LINES}>
      {(lines, { add, remove }, { errors }) => (
        <div className="po-lines">
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
              <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
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
  productOf,
  loading,
  readOnly,
}: Omit<Props, 'products'> & {
  name: number;
  number: number;
  only: boolean;
  onRemove: () => void;
  options: { value: number; label: string }[];
}) {
  const form = Form.useFormInstance();
  const productId = Form.useWatch([LINES, name, 'productId'], form) as unknown;
  // The product chosen before, whose cost the price may still be.
  const shownProduct = useRef(productId);
  useEffect(() => {
    shownProduct.current = productId;
  }, [productId]);
  const lotRequired = needsLot(productOf(productId));
  const rule = (field: string) => [zodRule(schema, [LINES, name, field])];
  return (
    <fieldset className="po-line">
      <legend className="po-line__legend">Producto {number}</legend>
      {!readOnly && (
        <Button
          className="po-line__remove"
          size="small"
          type="text"
          icon={<DeleteOutlined />}
          aria-label={`Quitar el producto ${number}`}
          disabled={only}
          onClick={onRemove}
        />
      )}
      <Row gutter={12} align="top">
        <Col xs={24} lg={8}>
          <Form.Item name={[name, 'productId']} label="Producto" required rules={rule('productId')}>
            <Select
              placeholder="Selecciona un producto"
              loading={loading}
              showSearch={{ optionFilterProp: 'label' }}
              options={options}
              onChange={(value: number) => {
                // A line starts at the product's cost; a price typed over it stays.
                const price = form.getFieldValue([LINES, name, 'price']) as unknown;
                const before = productOf(shownProduct.current)?.cost;
                const cost = productOf(value)?.cost;
                if (typeof cost === 'number' && (typeof price !== 'number' || price === before))
                  form.setFieldValue([LINES, name, 'price'], cost);
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <Form.Item name={[name, 'quantity']} label="Cantidad" required rules={rule('quantity')}>
            <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <Form.Item name={[name, 'price']} label="Precio" required rules={rule('price')}>
            <MoneyInput />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <Form.Item
            name={[name, 'allotment']}
            label="Lote"
            required={lotRequired}
            normalize={stripLot}
            rules={rule('allotment')}
            dependencies={[[LINES, name, 'productId']]}
          >
            <LimitedInput
              max={50}
              placeholder={lotRequired ? undefined : 'Opcional'}
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} lg={4}>
          <Form.Item
            name={[name, 'expiresAt']}
            label="Caducidad"
            required={lotRequired}
            rules={rule('expiresAt')}
            dependencies={[[LINES, name, 'productId']]}
          >
            <DateInput placeholder={lotRequired ? undefined : 'Opcional'} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={3}>
          <LineSubtotal index={name} productOf={productOf} />
        </Col>
      </Row>
    </fieldset>
  );
}
