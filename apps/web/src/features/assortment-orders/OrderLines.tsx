import { Button, Col, Form, InputNumber, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { zodRule } from '../../shared/form/zodRules';
import type { ProductChoice } from './api';

const LINES = 'assortmentOrderProducts';

interface Props {
  schema: z.ZodType;
  products: ProductChoice[];
  productOf: (id: unknown) => ProductChoice | undefined;
  loading: boolean;
  /** Why no product can be chosen yet (the branch is not chosen), when so. */
  waitingFor: string | null;
  readOnly: boolean;
}

/** '7 como máximo' or 'Sin límite' (a max of 0, or none recorded: spec 001 §5). */
export const maxText = (product: ProductChoice | undefined) =>
  !product ? null : product.max ? `Máximo de la sucursal: ${product.max}` : 'Sin límite de máximo';

/**
 * Create and edit: the products the branch asks for and how many of each, the branch's max shown
 * under each quantity, which is refused above it ('La cantidad excede el límite permitido').
 */
export function OrderLines({ products, ...rest }: Props) {
  const options = products.map((product) => ({
    value: product.productId,
    label: `${product.sku} · ${product.name}`,
  }));
  return (
    <Form.List name={LINES}>
      {(lines, { add, remove }, { errors }) => (
        <div className="ao-lines">
          {lines.map((line, index) => (
            <OrderLine
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
              <Button icon={<PlusOutlined />} onClick={() => add({ orderedQuantity: 1 })}>
                Agregar producto
              </Button>
            </div>
          )}
        </div>
      )}
    </Form.List>
  );
}

function OrderLine({
  name,
  number,
  only,
  onRemove,
  options,
  schema,
  productOf,
  loading,
  waitingFor,
  readOnly,
}: Omit<Props, 'products'> & {
  name: number;
  number: number;
  only: boolean;
  onRemove: () => void;
  options: { value: number; label: string }[];
}) {
  const productId = Form.useWatch([LINES, name, 'productId']) as unknown;
  const rule = (field: string) => [zodRule(schema, [LINES, name, field])];
  return (
    <fieldset className="ao-line">
      <legend className="ao-line__legend">Producto {number}</legend>
      {!readOnly && (
        <Button
          className="ao-line__remove"
          size="small"
          type="text"
          icon={<DeleteOutlined />}
          aria-label={`Quitar el producto ${number}`}
          disabled={only}
          onClick={onRemove}
        />
      )}
      <Row gutter={12} align="top">
        <Col xs={24} md={16}>
          <Form.Item name={[name, 'productId']} label="Producto" required rules={rule('productId')}>
            <Select
              placeholder={waitingFor ?? 'Selecciona un producto'}
              disabled={waitingFor !== null}
              loading={loading}
              showSearch={{ optionFilterProp: 'label' }}
              options={options}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8}>
          <Form.Item
            name={[name, 'orderedQuantity']}
            label="Cantidad"
            required
            rules={rule('orderedQuantity')}
            dependencies={[[LINES, name, 'productId'], 'branchId']}
            extra={maxText(productOf(productId))}
          >
            <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
}
