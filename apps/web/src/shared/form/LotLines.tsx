import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Col, Form, InputNumber, Row, Select, Typography, type ColProps } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { DateInput, LimitedInput, LimitedTextArea, MoneyInput } from './inputs';
import { SchemaField } from './SchemaField';
import { zodRule } from './zodRules';
import './lot-lines.css';

/**
 * The lines of a stock document (purchase, sale and assortment orders, transfers): one card per
 * line with what it takes (a product or a lot), how many, and, where the document has them, its
 * price, its lot and expiry and a figure beside them (subtotal, units available). Each document
 * configures its columns; the card, the list and its rules are this one piece.
 */

type Span = Pick<ColProps, 'xs' | 'sm' | 'md' | 'lg'>;

/** Reads and writes the other fields of one line (a price filled in from the chosen product). */
export interface LineFields {
  get: (field: string) => unknown;
  set: (field: string, value: unknown) => void;
}

export interface LotLinesProps {
  /** The list's field in the form (`purchaseOrderProducts`). */
  name: string;
  schema: z.ZodType;
  readOnly: boolean;
  /** What a new line starts with (`{ quantity: 1 }`). */
  newLine: Record<string, unknown>;
  /** Nothing can be added yet (no branch chosen). */
  addDisabled?: boolean;
  /** What the line takes: a product of the catalogue or a lot of a branch. */
  choice: {
    field: string;
    label: string;
    placeholder: string;
    options: { value: number; label: string }[];
    loading: boolean;
    disabled?: boolean;
    notFoundContent?: ReactNode;
    /** What is typed, for a select that searches the server (the product picker) as well. */
    onSearch?: (text: string) => void;
    /** Each option once across the lines: the ones other lines took are disabled. */
    once?: boolean;
    /** A help line under the select, from what the line has chosen. */
    extra?: (chosen: unknown) => ReactNode;
    /** Fills the line's other fields on a choice; `previous` is what it had chosen before. */
    onChoose?: (chosen: number, previous: unknown, line: LineFields) => void;
    span: Span;
  };
  quantity: {
    field: string;
    label?: string;
    min: number;
    extra?: (chosen: unknown) => ReactNode;
    /** Fields besides the line's choice whose change re-checks the quantity (`branchId`). */
    dependsOn?: string[];
    span: Span;
  };
  /** The line's unit price. */
  price?: { min?: number; span: Span };
  /** The lot code and expiry typed in (a purchase), required as the chosen product says. */
  lot?: {
    required: (chosen: unknown) => boolean;
    normalize?: (value: unknown) => unknown;
    spans: { allotment: Span; expiresAt: Span };
  };
  /** A figure after the fields (the subtotal, the units available), by the line's index. */
  aside?: { span: Span; render: (line: number, chosen: unknown) => ReactNode };
}

/** A document's comments, across the form: the body schema's label and its 500 characters. */
export function CommentsField({ schema }: { schema: z.ZodObject }) {
  return (
    <Col xs={24}>
      <SchemaField schema={schema} name="comments">
        <LimitedTextArea max={500} autoSize={{ minRows: 2, maxRows: 5 }} />
      </SchemaField>
    </Col>
  );
}

/** The title of a part of a document's form ('Productos', 'Cantidades recibidas', 'Pago'). */
export function DocumentPart({ children = 'Productos' }: { children?: ReactNode }) {
  return (
    <Typography.Title level={2} className="order-section">
      {children}
    </Typography.Title>
  );
}

export function LotLines(props: LotLinesProps) {
  return (
    <Form.List name={props.name}>
      {(lines, { add, remove }, { errors }) => (
        <div className="lot-lines">
          {lines.map((line, index) => (
            <LotLine
              key={line.key}
              line={line.name}
              number={index + 1}
              onRemove={props.readOnly ? undefined : () => remove(line.name)}
              only={lines.length === 1}
              {...props}
            />
          ))}
          <Form.ErrorList errors={errors} />
          {!props.readOnly && (
            <div>
              <Button
                icon={<PlusOutlined />}
                onClick={() => add(props.newLine)}
                disabled={props.addDisabled}
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

/** One line's card: 'Producto 2' as its legend, and its remove button when it may go. */
export function LineCard({
  legend,
  legendId,
  number,
  onRemove,
  only = false,
  children,
}: {
  legend: ReactNode;
  legendId?: string;
  number: number;
  onRemove?: () => void;
  only?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="lot-line" aria-labelledby={legendId}>
      <legend className="lot-line__legend" id={legendId}>
        {legend}
      </legend>
      {onRemove && (
        <Button
          className="lot-line__remove"
          size="small"
          type="text"
          icon={<DeleteOutlined />}
          aria-label={`Quitar el producto ${number}`}
          disabled={only}
          onClick={onRemove}
        />
      )}
      {children}
    </fieldset>
  );
}

/** A figure beside a line's fields: its label over its value ('Subtotal', 'Disponible'). */
export function LineFact({
  label,
  children,
  note,
  testId,
  short = false,
  live = false,
  plain = false,
}: {
  label: string;
  children: ReactNode;
  note?: ReactNode;
  testId?: string;
  /** Fewer units than expected: the value reads in the warning colour. */
  short?: boolean;
  /** Announced as it changes with what is typed. */
  live?: boolean;
  /** A fact of the line as recorded, not a figure: in the text's weight. */
  plain?: boolean;
}) {
  return (
    <div
      className={`lot-line__fact${short ? ' lot-line__fact--short' : ''}`}
      aria-live={live ? 'polite' : undefined}
    >
      <span className="lot-line__fact-label">{label}</span>
      {plain ? (
        <span data-testid={testId}>{children}</span>
      ) : (
        <strong data-testid={testId}>{children}</strong>
      )}
      {note && <span className="lot-line__fact-label">{note}</span>}
    </div>
  );
}

function LotLine({
  line,
  number,
  only,
  onRemove,
  name: list,
  schema,
  choice,
  quantity,
  price,
  lot,
  aside,
}: LotLinesProps & { line: number; number: number; only: boolean; onRemove?: () => void }) {
  const form = Form.useFormInstance();
  const all = (Form.useWatch(list, form) as Record<string, unknown>[] | undefined) ?? [];
  const chosen = all[line]?.[choice.field];
  // What the line showed before this change, for `onChoose` (the store already has the new one).
  const shown = useRef(chosen);
  useEffect(() => {
    shown.current = chosen;
  }, [chosen]);
  const taken = choice.once
    ? new Set(all.filter((_, index) => index !== line).map((other) => other[choice.field]))
    : null;
  const rule = (field: string) => [zodRule(schema, [list, line, field])];
  const fields: LineFields = {
    get: (field) => form.getFieldValue([list, line, field]) as unknown,
    set: (field, value) => form.setFieldValue([list, line, field], value),
  };
  const lotRequired = lot?.required(chosen) ?? false;
  const onChosen = [[list, line, choice.field]];

  return (
    <LineCard legend={`Producto ${number}`} number={number} onRemove={onRemove} only={only}>
      <Row gutter={12} align="top">
        <Col {...choice.span}>
          <Form.Item
            name={[line, choice.field]}
            label={choice.label}
            required
            rules={rule(choice.field)}
            extra={choice.extra?.(chosen)}
          >
            <Select
              placeholder={choice.placeholder}
              loading={choice.loading}
              disabled={choice.disabled}
              notFoundContent={choice.notFoundContent}
              showSearch={{ optionFilterProp: 'label', onSearch: choice.onSearch }}
              options={
                taken
                  ? choice.options.map((option) => ({
                      ...option,
                      disabled: taken.has(option.value),
                    }))
                  : choice.options
              }
              onChange={(value: number) => choice.onChoose?.(value, shown.current, fields)}
            />
          </Form.Item>
        </Col>
        <Col {...quantity.span}>
          <Form.Item
            name={[line, quantity.field]}
            label={quantity.label ?? 'Cantidad'}
            required
            rules={rule(quantity.field)}
            dependencies={[...onChosen, ...(quantity.dependsOn ?? [])]}
            extra={quantity.extra?.(chosen)}
          >
            <InputNumber<number> min={quantity.min} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {price && (
          <Col {...price.span}>
            <Form.Item name={[line, 'price']} label="Precio" required rules={rule('price')}>
              <MoneyInput min={price.min} />
            </Form.Item>
          </Col>
        )}
        {lot && (
          <>
            <Col {...lot.spans.allotment}>
              <Form.Item
                name={[line, 'allotment']}
                label="Lote"
                required={lotRequired}
                normalize={lot.normalize}
                rules={rule('allotment')}
                dependencies={onChosen}
              >
                <LimitedInput
                  max={50}
                  placeholder={lotRequired ? undefined : 'Opcional'}
                  style={{ fontFamily: 'monospace' }}
                />
              </Form.Item>
            </Col>
            <Col {...lot.spans.expiresAt}>
              <Form.Item
                name={[line, 'expiresAt']}
                label="Caducidad"
                required={lotRequired}
                rules={rule('expiresAt')}
                dependencies={onChosen}
              >
                <DateInput placeholder={lotRequired ? undefined : 'Opcional'} />
              </Form.Item>
            </Col>
          </>
        )}
        {aside && <Col {...aside.span}>{aside.render(line, chosen)}</Col>}
      </Row>
    </LineCard>
  );
}
