import { useEffect, useMemo } from 'react';
import { Col, Form, Row, Select } from 'antd';
import type { z } from 'zod';
import { transferBody } from '@clinica/domain';
import { CommentsField, DocumentPart } from '../../shared/form/LotLines';
import type { FormPageContext } from '../../shared/form/FormPage';
import { SchemaField } from '../../shared/form/SchemaField';
import { useBranchLots, type LotChoice, type Transfer } from './api';
import { TransferLines } from './TransferLines';

export type Branch = { id: number; name: string };

/** Origin and destination: each list leaves out the other's choice (spec 001 §5). */
function BranchFields({
  branches,
  fixedOrigin,
  onOriginChange,
}: {
  branches: Branch[];
  fixedOrigin: boolean;
  onOriginChange: () => void;
}) {
  const origin = Form.useWatch('originBranchId') as number | undefined;
  const destiny = Form.useWatch('destinyBranchId') as number | undefined;
  const options = (excluded: number | undefined) =>
    branches
      .filter((branch) => branch.id !== excluded)
      .map((branch) => ({ value: branch.id, label: branch.name }));
  return (
    <>
      <Col xs={24} md={12}>
        <SchemaField
          schema={transferBody}
          name="originBranchId"
          extra={fixedOrigin ? 'Tu rol envía desde tu sucursal.' : undefined}
        >
          <Select
            placeholder="Selecciona la sucursal de origen"
            disabled={fixedOrigin}
            showSearch={{ optionFilterProp: 'label' }}
            options={options(destiny)}
            onChange={onOriginChange}
          />
        </SchemaField>
      </Col>
      <Col xs={24} md={12}>
        <SchemaField schema={transferBody} name="destinyBranchId" dependencies={['originBranchId']}>
          <Select
            placeholder="Selecciona la sucursal de destino"
            showSearch={{ optionFilterProp: 'label' }}
            options={options(origin)}
          />
        </SchemaField>
      </Col>
    </>
  );
}

/** Create and edit at the origin: both branches, the comments and the lots to send. */
export function DraftFields({
  schema,
  context,
  branches,
  fixedOrigin,
  record,
  onLots,
}: {
  schema: z.ZodType;
  context: FormPageContext<Transfer>;
  branches: Branch[];
  fixedOrigin: boolean;
  record: Transfer | null;
  /** What the chosen origin's lots hold, for the form's check of the quantities. */
  onLots: (lots: LotChoice[] | undefined) => void;
}) {
  const form = Form.useFormInstance();
  const origin = Form.useWatch('originBranchId') as number | undefined;
  const lots = useBranchLots(origin ?? null);
  // A lot of the transfer itself stays listed even when it has since emptied.
  const choices = useMemo(() => {
    const list: LotChoice[] = [...(lots.data ?? [])];
    if (record && record.originBranchId === origin)
      for (const line of record.transferProducts)
        if (!list.some((lot) => lot.stockId === line.stockId))
          list.push({
            stockId: line.stockId,
            productId: line.productId,
            branchId: record.originBranchId,
            sku: line.product.sku,
            product: line.product.name,
            allotment: line.productStock.allotment,
            expiresIn: line.productStock.expiresIn,
            quantity: 0,
          });
    return list;
  }, [lots.data, record, origin]);
  useEffect(
    () => onLots(lots.data === undefined ? undefined : choices),
    [onLots, lots.data, choices],
  );
  return (
    <>
      <Row gutter={16}>
        <BranchFields
          branches={branches}
          fixedOrigin={fixedOrigin}
          // Another origin's lots are not this one's: the lines start again.
          onOriginChange={() => form.setFieldValue('transferProducts', [{ stockedQuantity: 1 }])}
        />
        <CommentsField schema={transferBody} />
      </Row>
      <DocumentPart />
      <TransferLines
        schema={schema}
        lots={choices}
        loading={lots.isLoading && origin !== undefined}
        readOnly={context.readOnly}
        emptyText={
          origin ? 'La sucursal no tiene existencias' : 'Elige primero la sucursal de origen'
        }
      />
    </>
  );
}
