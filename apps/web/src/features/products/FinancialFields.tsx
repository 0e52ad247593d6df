import { Col, Flex, Form, InputNumber, Row, Typography } from 'antd';
import { costWithTax, financialLabels, type FinancialField } from '@clinica/domain';
import { MoneyInput } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { formatMoney } from '../../shared/format';
import type { z } from 'zod';
import { franchisePriceOf } from './productForm';

/** The approver's fields (spec 001 §5) and the franchise price the formula gives as they type. */

const PERCENT_FIELDS: FinancialField[] = [
  'franchiseTax',
  'additionalCostFranchise',
  'profitPorcentage',
];
const MONEY_FIELDS: FinancialField[] = ['indirectExpenses', 'salePrice'];

interface InputProps {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  disabled?: boolean;
}

/** Form.Item hands its value and onChange to this wrapper, which passes them on. */
function FinancialInput({ field, ...control }: InputProps & { field: FinancialField }) {
  if (MONEY_FIELDS.includes(field)) return <MoneyInput {...control} />;
  return (
    <InputNumber<number>
      {...control}
      min={0}
      precision={PERCENT_FIELDS.includes(field) ? 2 : 0}
      suffix={PERCENT_FIELDS.includes(field) ? '%' : undefined}
      style={{ width: '100%' }}
    />
  );
}

const pct = (value: unknown) => (typeof value === 'number' ? `${value} %` : '—');

/**
 * Cost with tax and franchise price for the values the form holds: cost with tax × (1 + franchise
 * tax/100) × (1 + additional percent/100) + indirect expenses (spec 001 §9).
 */
export function FranchisePriceSummary({ values }: { values: Record<string, unknown> }) {
  const cost = typeof values.cost === 'number' ? values.cost : null;
  const tax = typeof values.tax === 'number' ? values.tax : null;
  const withTax = cost !== null && tax !== null ? costWithTax(cost, tax) : null;
  const price = franchisePriceOf(values);
  return (
    <section className="price-summary" aria-label="Precio franquicia calculado">
      <dl>
        <div>
          <dt>Costo con IVA</dt>
          <dd>{withTax === null ? '—' : formatMoney(withTax)}</dd>
        </div>
        <div>
          <dt>Impuesto franquicia</dt>
          <dd>{pct(values.franchiseTax)}</dd>
        </div>
        <div>
          <dt>Adicional franquicia</dt>
          <dd>{pct(values.additionalCostFranchise)}</dd>
        </div>
        {'indirectExpenses' in values && (
          <div>
            <dt>Gastos indirectos</dt>
            <dd>{formatMoney(values.indirectExpenses as number | null) || '—'}</dd>
          </div>
        )}
      </dl>
      <div className="price-summary__total">
        <span>Precio franquicia</span>
        <strong data-testid="franchise-price">{price === null ? '—' : formatMoney(price)}</strong>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Costo con IVA × (1 + impuesto franquicia) × (1 + adicional) + gastos indirectos
      </Typography.Text>
    </section>
  );
}

function LiveSummary({ fields }: { fields: FinancialField[] }) {
  const form = Form.useFormInstance();
  const watched = Form.useWatch(
    (values: Record<string, unknown>) => ({
      cost: values.cost,
      tax: values.tax,
      ...Object.fromEntries(fields.map((field) => [field, values[field]])),
    }),
    form,
  );
  return <FranchisePriceSummary values={watched ?? {}} />;
}

export function FinancialFields({
  fields,
  schema,
}: {
  fields: FinancialField[];
  schema: z.ZodType;
}) {
  return (
    <Row gutter={24} className="approval-panel">
      <Col xs={24} lg={14}>
        <Row gutter={16}>
          {fields.map((field) => (
            <Col xs={24} md={12} key={field}>
              <Form.Item
                label={financialLabels[field]}
                name={field}
                required
                rules={[zodRule(schema, field)]}
              >
                <FinancialInput field={field} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Col>
      <Col xs={24} lg={10}>
        <Flex vertical>
          <LiveSummary fields={fields} />
        </Flex>
      </Col>
    </Row>
  );
}
