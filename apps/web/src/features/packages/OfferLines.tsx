import { Button, Col, Flex, Form, InputNumber, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { offerTotals, type OfferType } from '@clinica/domain';
import { MoneyInput } from '../../shared/form/inputs';
import { zodRule } from '../../shared/form/zodRules';
import { formatMoney } from '../../shared/format';
import { useTreatmentOptions } from '../../shared/lookups';

interface LineValues {
  treatmentId?: number;
  regularPrice?: number | null;
  promotionPrice?: number | null;
}

/**
 * The prices of the offer, read-only: `regularPrice` = Σ regular prices and `price` = Σ prices of
 * the lines, recomputed as they change (the server computes the same on save).
 */
export function OfferTotals() {
  const form = Form.useFormInstance();
  const lines = (Form.useWatch('treatmentPackage', form) as LineValues[] | undefined) ?? [];
  const totals = offerTotals(
    lines.map((line) => ({
      regularPrice: line?.regularPrice ?? undefined,
      promotionPrice: line?.promotionPrice ?? undefined,
    })),
  );
  return (
    <div className="price-tiles" role="status" aria-live="polite" aria-label="Precios calculados">
      <div className="price-tile">
        <span>Precio regular</span>
        <strong data-testid="offer-regular-price">{formatMoney(totals.regularPrice)}</strong>
      </div>
      <div className="price-tile price-tile--accent">
        <span>Precio</span>
        <strong data-testid="offer-price">{formatMoney(totals.price)}</strong>
      </div>
    </div>
  );
}

/** The treatments of a package or promotion (`treatmentPackage`), one row each. */
export function OfferLines({ schema, type }: { schema: z.ZodType; type: OfferType }) {
  const form = Form.useFormInstance();
  const treatments = useTreatmentOptions();
  const lines = (Form.useWatch('treatmentPackage', form) as LineValues[] | undefined) ?? [];
  const byId = new Map((treatments.data ?? []).map((treatment) => [treatment.id, treatment]));
  const options = (treatments.data ?? []).map((treatment) => ({
    value: treatment.id,
    label: `${treatment.sku} · ${treatment.name}`,
  }));
  const rule = (name: number, field: string) => [
    zodRule(schema, ['treatmentPackage', name, field]),
  ];
  const isPackage = type === 'Package';

  /** A new treatment starts its areas again and, when empty, takes its price as the regular one. */
  function chooseTreatment(name: number, treatmentId: number) {
    const treatment = byId.get(treatmentId);
    const current = (form.getFieldValue(['treatmentPackage', name]) ?? {}) as LineValues;
    form.setFieldValue(['treatmentPackage', name], {
      ...current,
      treatmentId,
      areasIds: [],
      regularPrice: current.regularPrice ?? treatment?.price ?? null,
    });
  }

  return (
    <Form.List name="treatmentPackage">
      {(rows, { add, remove }) => (
        <Flex vertical gap={4}>
          {rows.length === 0 && (
            <Typography.Text type="secondary" style={{ marginBottom: 8 }}>
              Agrega al menos un tratamiento.
            </Typography.Text>
          )}
          {rows.map((row, index) => {
            const chosen = byId.get(lines[row.name]?.treatmentId ?? -1);
            const number = index + 1;
            return (
              <Row gutter={12} key={row.key} align="top" className="offer-line">
                <Col xs={24} lg={7}>
                  <Form.Item
                    name={[row.name, 'treatmentId']}
                    label={index === 0 ? 'Tratamiento' : undefined}
                    required
                    rules={rule(row.name, 'treatmentId')}
                  >
                    <Select
                      aria-label={`Tratamiento ${number}`}
                      placeholder="Selecciona un tratamiento"
                      loading={treatments.isLoading}
                      showSearch={{ optionFilterProp: 'label' }}
                      options={options}
                      onChange={(value: number) => chooseTreatment(row.name, value)}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={isPackage ? 5 : 7}>
                  <Form.Item
                    name={[row.name, 'areasIds']}
                    label={index === 0 ? 'Áreas' : undefined}
                    required
                    rules={rule(row.name, 'areasIds')}
                  >
                    <Select
                      aria-label={`Áreas del tratamiento ${number}`}
                      mode="multiple"
                      placeholder={chosen ? 'Selecciona las áreas' : 'Elige el tratamiento'}
                      disabled={!chosen}
                      showSearch={{ optionFilterProp: 'label' }}
                      options={(chosen?.areas ?? []).map((area) => ({
                        value: area.id,
                        label: `${area.place} · ${area.name}`,
                      }))}
                    />
                  </Form.Item>
                </Col>
                {isPackage && (
                  <Col xs={12} lg={2}>
                    <Form.Item
                      name={[row.name, 'sessions']}
                      label={index === 0 ? 'Sesiones' : undefined}
                      required
                      rules={rule(row.name, 'sessions')}
                    >
                      <InputNumber<number>
                        aria-label={`Sesiones del tratamiento ${number}`}
                        min={1}
                        precision={0}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                  </Col>
                )}
                <Col xs={12} lg={2}>
                  <Form.Item
                    name={[row.name, 'limit']}
                    label={index === 0 ? 'Límite' : undefined}
                    required
                    rules={rule(row.name, 'limit')}
                  >
                    <InputNumber<number>
                      aria-label={`Límite del tratamiento ${number}`}
                      min={1}
                      precision={0}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} lg={3}>
                  <Form.Item
                    name={[row.name, 'regularPrice']}
                    label={index === 0 ? 'Precio regular' : undefined}
                    required
                    rules={rule(row.name, 'regularPrice')}
                  >
                    <MoneyInput aria-label={`Precio regular del tratamiento ${number}`} />
                  </Form.Item>
                </Col>
                <Col xs={12} lg={3}>
                  <Form.Item
                    name={[row.name, 'promotionPrice']}
                    label={index === 0 ? 'Precio' : undefined}
                    required
                    rules={rule(row.name, 'promotionPrice')}
                  >
                    <MoneyInput aria-label={`Precio del tratamiento ${number}`} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={2} className={index === 0 ? 'offer-line__remove' : undefined}>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={`Quitar el tratamiento ${number}`}
                    onClick={() => remove(row.name)}
                  />
                </Col>
              </Row>
            );
          })}
          <div>
            <Button
              icon={<PlusOutlined />}
              onClick={() => add(isPackage ? { limit: 1, sessions: 1 } : { limit: 1 })}
            >
              Agregar tratamiento
            </Button>
          </div>
        </Flex>
      )}
    </Form.List>
  );
}
