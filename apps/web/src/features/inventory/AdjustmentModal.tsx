import { Form, Input, InputNumber, Radio, Select, Typography, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADJUSTMENT_TYPES,
  ADJUSTMENT_TYPE_LABELS,
  adjustmentBody,
  Unprocessable,
  type adjustmentAnswer,
} from '@clinica/domain';
import type { z } from 'zod';
import { FormModal } from '../../shared/form/FormModal';
import { SchemaField } from '../../shared/form/SchemaField';
import { DateInput } from '../../shared/form/inputs';
import { formatLocalDate, formatNumber } from '../../shared/format';
import { adjustStock, stockKeys, useLotChoices, type StockRow } from './api';

type Values = z.input<typeof adjustmentBody>;

const unitsText = (quantity: number) =>
  quantity === 1 ? '1 unidad' : `${formatNumber(quantity)} unidades`;

/** The request from the form: a chosen lot, or (a registration only) a new lot and its expiry. */
export function adjustmentRequest(values: Values): Values {
  const base = {
    productId: values.productId,
    branchId: values.branchId,
    type: values.type,
    quantity: values.quantity,
    justification: values.justification,
  };
  if (values.stockId) return { ...base, stockId: values.stockId };
  return {
    ...base,
    stockId: null,
    allotment: values.allotment ?? null,
    expiresIn: values.expiresIn ?? null,
  };
}

function AdjustmentFields({ form, row }: { form: FormInstance<Values>; row: StockRow }) {
  const type = Form.useWatch('type', form);
  const stockId = Form.useWatch('stockId', form);
  const lots = useLotChoices(row.branchId, row.productId);
  const registration = type === 'registration';
  const newLot = registration && !stockId;
  return (
    <>
      <Typography.Paragraph style={{ color: '#51605f' }}>
        {row.product} ({row.sku}) · {row.branch} · existencia {unitsText(row.quantity)}
      </Typography.Paragraph>
      <Form.Item name="productId" hidden initialValue={row.productId}>
        <Input />
      </Form.Item>
      <Form.Item name="branchId" hidden initialValue={row.branchId}>
        <Input />
      </Form.Item>
      <SchemaField schema={adjustmentBody} name="type" label="Ajuste">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={ADJUSTMENT_TYPES.map((value) => ({
            value,
            label: ADJUSTMENT_TYPE_LABELS[value],
          }))}
        />
      </SchemaField>
      <SchemaField schema={adjustmentBody} name="quantity" label="Cantidad">
        <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
      </SchemaField>
      <SchemaField
        schema={adjustmentBody}
        name="stockId"
        label="Lote"
        dependencies={['type']}
        extra={registration ? 'Déjalo vacío para registrar un lote nuevo.' : undefined}
      >
        <Select<number>
          allowClear
          loading={lots.isLoading}
          placeholder={registration ? 'Lote nuevo' : 'Elige el lote'}
          notFoundContent="Sin lotes con existencia"
          options={(lots.data ?? []).map((lot) => ({
            value: lot.stockId,
            label: [
              lot.allotment || 'Sin lote',
              lot.expiresIn ? `caduca ${formatLocalDate(lot.expiresIn)}` : 'sin caducidad',
              unitsText(lot.quantity),
            ].join(' · '),
          }))}
        />
      </SchemaField>
      {newLot && (
        <>
          <SchemaField
            schema={adjustmentBody}
            name="allotment"
            label="Lote nuevo"
            dependencies={['type', 'stockId']}
          />
          <SchemaField schema={adjustmentBody} name="expiresIn" label="Caducidad">
            <DateInput />
          </SchemaField>
        </>
      )}
      <SchemaField schema={adjustmentBody} name="justification" rows={{ minRows: 2, maxRows: 5 }} />
    </>
  );
}

/**
 * Ajuste (spec 001 §3, §5; CONTRACT §9): Baja from a lot (at most what it holds: the server's
 * 'Inventario insuficiente' lands on the quantity) or Registro in a lot, existing or new.
 */
export function AdjustmentModal({ row, onClose }: { row: StockRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <FormModal<Values, z.infer<typeof adjustmentAnswer>>
      name="ajuste"
      title="Ajuste de inventario"
      open={row !== null}
      okText="Guardar ajuste"
      onClose={onClose}
      submit={async (values) => {
        const answer = await adjustStock(adjustmentRequest(values));
        // The list, the detail, the lot choices and the report all read these lots.
        await queryClient.invalidateQueries({ queryKey: stockKeys.all });
        return answer;
      }}
      successText={(lot) =>
        `Ajuste guardado: el lote ${lot.allotment || 'sin lote'} queda con ${unitsText(lot.quantity)}`
      }
      fieldOf={(error) =>
        error.status === 422 && error.code === Unprocessable.insufficientInventory
          ? { field: 'quantity', message: error.message }
          : undefined
      }
    >
      {(form) => (row ? <AdjustmentFields form={form} row={row} /> : null)}
    </FormModal>
  );
}
