import { Alert, Button, Flex, Form, InputNumber, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AppointmentFinishForm } from '@clinica/domain';
import { formatLocalDate } from '../../shared/format';
import type { FinishValues, productLimits } from './finish';

/** The finish dialog's sessions and products, each line with its own labelled fields. */

const lotLabel = (lot: AppointmentFinishForm['lots'][number]) =>
  `${lot.product} · Lote ${lot.allotment || 'sin lote'} · ${
    lot.expiresIn ? `Cad. ${formatLocalDate(lot.expiresIn.slice(0, 10))}` : 'Sin caducidad'
  } · ${lot.quantity} disp.`;

export type Change = (fields: string[], next: (current: FinishValues) => FinishValues) => void;
export type MessageOf = (field: string) => string | undefined;

export function SessionsBlock({
  form,
  values,
  change,
  messageOf,
  sessionsLeft,
}: {
  form: AppointmentFinishForm;
  values: FinishValues;
  change: Change;
  messageOf: MessageOf;
  sessionsLeft: number;
}) {
  const areas = form.treatment?.areas ?? [];
  const sessionsMessage = messageOf('sessions');
  return (
    <section aria-labelledby="finish-sessions-title" className="finish-block">
      <Typography.Title level={3} id="finish-sessions-title" style={{ fontSize: 15 }}>
        Sesiones (quedan {sessionsLeft})
      </Typography.Title>
      {areas.length === 0 && (
        <Typography.Paragraph type="secondary">El tratamiento no tiene áreas.</Typography.Paragraph>
      )}
      {values.sessions.map((session, index) => {
        const field = `sessions.${index}.areasIds`;
        const message = messageOf(field);
        return (
          <Flex key={index} gap={8} align="start">
            <Form.Item
              label={`Sesión ${index + 1}`}
              htmlFor={`finish-session-${index}`}
              required={areas.length > 0}
              validateStatus={message ? 'error' : undefined}
              help={message}
              style={{ flex: 1, minWidth: 0 }}
            >
              <Select<number[]>
                id={`finish-session-${index}`}
                mode="multiple"
                placeholder={areas.length > 0 ? 'Elige las áreas' : 'Sin áreas'}
                disabled={areas.length === 0}
                value={session.areasIds}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(areasIds) =>
                  change([field], (v) => ({
                    ...v,
                    sessions: v.sessions.map((s, i) => (i === index ? { areasIds } : s)),
                  }))
                }
                options={areas.map((area) => ({
                  value: area.id,
                  label: `${area.name} (${area.place})`,
                }))}
              />
            </Form.Item>
            <Button
              icon={<DeleteOutlined />}
              aria-label={`Quitar la sesión ${index + 1}`}
              disabled={values.sessions.length <= 1}
              style={{ marginTop: 30 }}
              onClick={() =>
                change(['sessions'], (v) => ({
                  ...v,
                  sessions: v.sessions.filter((_, i) => i !== index),
                }))
              }
            />
          </Flex>
        );
      })}
      <Button
        id="finish-add-session"
        icon={<PlusOutlined />}
        disabled={values.sessions.length >= sessionsLeft}
        aria-describedby={sessionsMessage ? 'finish-sessions-error' : undefined}
        onClick={() =>
          change(['sessions'], (v) => ({ ...v, sessions: [...v.sessions, { areasIds: [] }] }))
        }
      >
        Agregar sesión
      </Button>
      {sessionsMessage && (
        <div id="finish-sessions-error" role="alert" className="finish-error">
          {sessionsMessage}
        </div>
      )}
    </section>
  );
}

export function ProductsBlock({
  form,
  values,
  change,
  messageOf,
  limits,
}: {
  form: AppointmentFinishForm;
  values: FinishValues;
  change: Change;
  messageOf: MessageOf;
  limits: ReturnType<typeof productLimits>;
}) {
  const setLine =
    (index: number, line: Partial<FinishValues['lines'][number]>) => (v: FinishValues) => ({
      ...v,
      lines: v.lines.map((l, i) => (i === index ? { ...l, ...line } : l)),
    });
  return (
    <section aria-labelledby="finish-products-title" className="finish-block">
      <Typography.Title level={3} id="finish-products-title" style={{ fontSize: 15 }}>
        Productos
      </Typography.Title>
      {limits.length === 0 ? (
        <Typography.Paragraph type="secondary">
          El tratamiento no consume productos.
        </Typography.Paragraph>
      ) : (
        <ul className="finish-limits" aria-label="Límite de cada producto">
          {limits.map((product) => (
            <li key={product.productId}>
              {product.name} ({product.sku}): hasta {product.limit}{' '}
              {product.limit === 1 ? 'unidad' : 'unidades'} ({product.perSession} por sesión)
            </li>
          ))}
        </ul>
      )}
      {limits.length > 0 && form.lots.length === 0 && (
        <Alert
          type="info"
          showIcon
          message="La sucursal no tiene lotes con existencia de estos productos."
        />
      )}
      {values.lines.map((line, index) => {
        const lotField = `stockIds.${index}.stockId`;
        const quantityField = `stockIds.${index}.quantity`;
        const lotMessage = messageOf(lotField);
        const quantityMessage = messageOf(quantityField);
        return (
          <Flex key={index} gap={8} align="start" wrap className="finish-line">
            <Form.Item
              label={`Lote ${index + 1}`}
              htmlFor={`finish-stockId-${index}`}
              required
              validateStatus={lotMessage ? 'error' : undefined}
              help={lotMessage}
              className="finish-line__lot"
            >
              <Select<number>
                id={`finish-stockId-${index}`}
                placeholder="Elige el lote"
                showSearch={{ optionFilterProp: 'label' }}
                value={line.stockId ?? undefined}
                onChange={(stockId) => change([lotField], setLine(index, { stockId }))}
                options={form.lots.map((lot) => ({ value: lot.stockId, label: lotLabel(lot) }))}
              />
            </Form.Item>
            <Form.Item
              label={`Cantidad ${index + 1}`}
              htmlFor={`finish-quantity-${index}`}
              required
              validateStatus={quantityMessage ? 'error' : undefined}
              help={quantityMessage}
              className="finish-line__quantity"
            >
              <InputNumber<number>
                id={`finish-quantity-${index}`}
                min={1}
                max={10_000}
                precision={0}
                style={{ width: '100%' }}
                value={line.quantity}
                onChange={(quantity) => change([quantityField], setLine(index, { quantity }))}
              />
            </Form.Item>
            <Button
              icon={<DeleteOutlined />}
              aria-label={`Quitar el producto ${index + 1}`}
              style={{ marginTop: 30 }}
              onClick={() =>
                change([lotField, quantityField], (v) => ({
                  ...v,
                  lines: v.lines.filter((_, i) => i !== index),
                }))
              }
            />
          </Flex>
        );
      })}
      {form.lots.length > 0 && (
        <Button
          icon={<PlusOutlined />}
          onClick={() =>
            change([], (v) => ({ ...v, lines: [...v.lines, { stockId: null, quantity: 1 }] }))
          }
        >
          Agregar producto
        </Button>
      )}
    </section>
  );
}
