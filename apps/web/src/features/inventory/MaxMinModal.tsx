import { Form, Input, InputNumber, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  BadRequest,
  maxMinBody,
  messageFor,
  minAboveMax,
  type maxMinRecord,
} from '@clinica/domain';
import type { z } from 'zod';
import { FormModal } from '../../shared/form/FormModal';
import { SchemaField } from '../../shared/form/SchemaField';
import { createMaxMin, stockKeys, updateMaxMin, type StockRow } from './api';

/** 'La cantidad mínima no puede ser mayor a la cantidad máxima' (400 code 7), from the catalogue. */
export const MIN_ABOVE_MAX = messageFor(400, BadRequest.minGreaterThanMax);

/**
 * The form's schema: the request's, plus the rule the server answers with 400 code 7, checked on
 * the minimum before anything is sent (`minAboveMax`: a max of 0 has no limit).
 */
export const maxMinForm = maxMinBody.superRefine((body, ctx) => {
  if (minAboveMax(body.max, body.min)) {
    ctx.addIssue({ code: 'custom', path: ['min'], message: MIN_ABOVE_MAX });
  }
});

type Values = z.input<typeof maxMinBody>;

/** Máximos y mínimos of a product in a branch (spec 001 §5): created once, then updated. */
export function MaxMinModal({ row, onClose }: { row: StockRow | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <FormModal<Values, z.infer<typeof maxMinRecord>>
      name="maximos-minimos"
      title="Máximos y mínimos"
      open={row !== null}
      okText="Guardar"
      onClose={onClose}
      submit={async (values) => {
        if (!row) throw new Error('Sin renglón');
        const answer =
          row.mmId === null
            ? await createMaxMin(values)
            : await updateMaxMin(row.mmId, { max: values.max, min: values.min });
        await queryClient.invalidateQueries({ queryKey: stockKeys.all });
        return answer;
      }}
      successText={(record) =>
        `Máximo ${record.max === 0 ? 'sin límite' : record.max} y mínimo ${record.min} guardados`
      }
      fieldOf={(error) =>
        error.status === 400 && error.code === BadRequest.minGreaterThanMax
          ? { field: 'min', message: error.message }
          : undefined
      }
    >
      {() =>
        row ? (
          <>
            <Typography.Paragraph style={{ color: '#51605f' }}>
              {row.product} ({row.sku}) · {row.branch}
            </Typography.Paragraph>
            <Form.Item name="productId" hidden initialValue={row.productId}>
              <Input />
            </Form.Item>
            <Form.Item name="branchId" hidden initialValue={row.branchId}>
              <Input />
            </Form.Item>
            <SchemaField
              schema={maxMinForm}
              name="max"
              label="Cantidad máxima"
              initialValue={row.max ?? 0}
              extra="0 = sin límite: no se revisa el máximo."
            >
              <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
            </SchemaField>
            <SchemaField
              schema={maxMinForm}
              name="min"
              label="Cantidad mínima"
              initialValue={row.min ?? 0}
              dependencies={['max']}
            >
              <InputNumber<number> min={0} precision={0} style={{ width: '100%' }} />
            </SchemaField>
          </>
        ) : null
      }
    </FormModal>
  );
}
