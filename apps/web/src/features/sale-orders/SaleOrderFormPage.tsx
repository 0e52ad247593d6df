import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Col, Flex, Form, Input, Row, Select, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { saleOrderBody, type saleOrderUpdateBody } from '@clinica/domain';
import { CommentsField, DocumentPart } from '../../shared/form/LotLines';
import { FormPage } from '../../shared/form/FormPage';
import { LimitedInput, PhoneInput } from '../../shared/form/inputs';
import { SchemaField } from '../../shared/form/SchemaField';
import { useRecordId } from '../../shared/form/useRecordId';
import { formatDateTime, formatMoney } from '../../shared/format';
import { useBranchOptions, useBranchScope } from '../../shared/lookups';
import { PageHeader } from '../../shared/PageHeader';
import {
  createSaleOrder,
  fetchSaleOrder,
  folioOf,
  isDeleted,
  saleOrderKeys,
  updateSaleOrder,
  useBranchLots,
  type SaleOrder,
} from './api';
import { SaleOrderLines } from './SaleOrderLines';
import {
  saleOrderFormSchema,
  toFormValues,
  totalOf,
  type LineValues,
  type LotChoice,
} from './saleOrderForm';
import { TotalsBox } from '../../shared/documents/DocumentDetail';

const LIST = '/dashboard/ordenes-de-venta';

const upper = (event: { target: { value: string } }) => event.target.value.toUpperCase();

/** The order's total, computed as the lines are filled (the server computes it again). */
function Total() {
  const lines = (Form.useWatch('saleOrderProducts') as LineValues[] | undefined) ?? [];
  return (
    <TotalsBox
      live
      rows={[
        { label: 'Total de la orden', value: formatMoney(totalOf(lines)), testId: 'order-total' },
      ]}
    />
  );
}

/** The branch the order sells from: chosen by roles that see every branch, fixed for the rest. */
function BranchField({ fixed, fixedName }: { fixed: boolean; fixedName: string }) {
  const branches = useBranchOptions(!fixed);
  const form = Form.useFormInstance();
  if (fixed)
    return (
      <Form.Item label="Sucursal" htmlFor="so-branch" extra="Vendes desde tu sucursal.">
        <Input id="so-branch" readOnly variant="filled" value={fixedName} />
      </Form.Item>
    );
  return (
    <SchemaField
      schema={saleOrderBody}
      name="branchId"
      label="Sucursal"
      extra="Los productos salen de los lotes de esta sucursal."
    >
      <Select
        placeholder="Selecciona una sucursal"
        loading={branches.isLoading}
        showSearch={{ optionFilterProp: 'label' }}
        options={(branches.data ?? []).map((branch) => ({ value: branch.id, label: branch.name }))}
        // Lots belong to a branch: another branch starts the lines again.
        onChange={() => form.setFieldValue('saleOrderProducts', [{ quantity: 1 }])}
      />
    </SchemaField>
  );
}

function SaleOrderFields({
  schema,
  lots,
  lotOf,
  lotsLoading,
  readOnly,
  fixed,
  fixedName,
  onBranch,
}: {
  onBranch: (branchId: number | undefined) => void;
  schema: z.ZodType;
  lots: LotChoice[];
  lotOf: (stockId: unknown) => LotChoice | undefined;
  lotsLoading: boolean;
  readOnly: boolean;
  fixed: boolean;
  fixedName: string;
}) {
  const branchId = Form.useWatch('branchId') as number | undefined;
  useEffect(
    () => onBranch(typeof branchId === 'number' ? branchId : undefined),
    [branchId, onBranch],
  );
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12} xl={8}>
          <SchemaField schema={saleOrderBody} name="name" showCount />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <SchemaField
            schema={saleOrderBody}
            name="rfc"
            label="RFC"
            getValueFromEvent={upper}
            extra="Opcional. 12 caracteres para persona moral, 13 para persona física."
          >
            <LimitedInput max={13} style={{ fontFamily: 'monospace' }} />
          </SchemaField>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <SchemaField schema={saleOrderBody} name="phone">
            <PhoneInput />
          </SchemaField>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <SchemaField schema={saleOrderBody} name="note" showCount />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <BranchField fixed={fixed} fixedName={fixedName} />
        </Col>
        <CommentsField schema={saleOrderBody} />
      </Row>
      <DocumentPart />
      <SaleOrderLines
        schema={schema}
        lots={lots}
        lotOf={lotOf}
        loading={lotsLoading}
        readOnly={readOnly}
        noBranch={!fixed && typeof branchId !== 'number'}
      />
      <Total />
    </>
  );
}

/** The order's folio and state above the form of a saved order. */
function OrderHeading({ order }: { order: SaleOrder }) {
  return (
    <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 20, fontFamily: 'monospace' }}>
        {folioOf(order)}
      </Typography.Title>
      {isDeleted(order) && <Tag color="red">Eliminada</Tag>}
      <Typography.Text type="secondary">
        {order.branch.name} · {formatDateTime(order.created_at)}
      </Typography.Text>
    </Flex>
  );
}

/** `/dashboard/ordenes-de-venta/crear` and `/{id}` (spec 001 §2–§5). */
export function SaleOrderFormPage() {
  const { editing, id } = useRecordId();
  const scope = useBranchScope();
  const branches = useBranchOptions(!scope.fixed);
  // The same query FormPage makes (one request): the lots offered depend on the order.
  const record = useQuery({
    queryKey: saleOrderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchSaleOrder(id ?? 0, signal),
    enabled: editing && Number.isInteger(id) && (id ?? 0) > 0,
  });
  const order = record.data ?? null;
  const centre = (branches.data ?? []).find((branch) => branch.distributionCenter);
  // The branch chosen in the form, lifted here: the lots offered and the form's rules follow it.
  const [watchedBranch, setWatchedBranch] = useState<number | undefined>(undefined);
  const branchId = scope.fixed ? scope.branchId : (watchedBranch ?? null);
  const lotsQuery = useBranchLots(branchId);

  // The branch's lots with units, plus those this order already took from (their units count
  // as available to it), so an order that emptied a lot can still be edited.
  const lots = useMemo(() => {
    const held = new Map<number, number>();
    if (order && !isDeleted(order) && order.branch.id === branchId)
      for (const line of order.saleOrderProducts)
        held.set(line.stockId, (held.get(line.stockId) ?? 0) + line.quantity);
    const list: LotChoice[] = (lotsQuery.data ?? []).map((lot) => ({
      stockId: lot.stockId,
      productId: lot.productId,
      sku: lot.sku,
      product: lot.product,
      allotment: lot.allotment,
      expiresIn: lot.expiresIn,
      available: lot.quantity + (held.get(lot.stockId) ?? 0),
      unitPrice: lot.unitPrice,
    }));
    for (const line of order?.saleOrderProducts ?? []) {
      if (list.some((lot) => lot.stockId === line.stockId)) continue;
      list.push({
        stockId: line.stockId,
        productId: line.product.id,
        sku: line.product.sku,
        product: line.product.name,
        allotment: line.productStock.allotment,
        expiresIn: line.productStock.expiresIn,
        available: held.get(line.stockId) ?? 0,
      });
    }
    return list;
  }, [lotsQuery.data, order, branchId]);
  const lotOf = useMemo(() => {
    const byId = new Map(lots.map((lot) => [lot.stockId, lot]));
    return (value: unknown) => (typeof value === 'number' ? byId.get(value) : undefined);
  }, [lots]);

  const schema = useMemo(() => saleOrderFormSchema(editing, lotOf), [editing, lotOf]);
  const savedFolio = useRef<string | null>(null);

  async function submit(output: z.output<typeof schema>, orderId: number | null) {
    const { branchId: chosen, ...fields } = output.body as z.output<typeof saleOrderUpdateBody>;
    // Branch-fixed roles sell from their own: the server knows it.
    const branch = scope.fixed ? {} : { branchId: chosen };
    const answer =
      orderId === null
        ? await createSaleOrder({
            ...(fields as Omit<z.input<typeof saleOrderBody>, 'branchId'>),
            ...branch,
          })
        : await updateSaleOrder(orderId, { ...fields, ...branch });
    savedFolio.current = folioOf(answer.data);
    return answer;
  }

  const title = !editing
    ? 'Nueva orden de venta'
    : order
      ? `Orden de venta ${folioOf(order)}`
      : 'Orden de venta';

  return (
    <>
      <PageHeader
        title={title}
        description="Venta a un cliente empresarial: sus datos fiscales y los productos que salen de los lotes de la sucursal."
      />
      {!editing && !scope.fixed && branches.isSuccess && !centre && (
        <Alert type="info" showIcon title="Elige la sucursal desde la que se vende." />
      )}
      <FormPage
        key={centre?.id ?? 'no-centre'}
        title="Orden de venta"
        resource="saleOrder"
        listPath={LIST}
        schema={schema}
        load={{ queryKey: saleOrderKeys.detail, fetch: fetchSaleOrder }}
        toValues={toFormValues}
        initialValues={{
          ...(scope.fixed || !centre ? {} : { branchId: centre.id }),
          saleOrderProducts: [{ quantity: 1 }],
        }}
        submit={submit}
        invalidates={[saleOrderKeys.all]}
        lockedReason={(loaded) =>
          isDeleted(loaded) ? 'La orden fue eliminada: solo se puede consultar.' : null
        }
        heading={({ record: loaded }) => loaded && <OrderHeading order={loaded} />}
        savedText={(_body, wasEditing) =>
          `Orden de venta ${savedFolio.current ?? ''} ${wasEditing ? 'guardada' : 'creada'}`
        }
      >
        {(context) => (
          <SaleOrderFields
            schema={schema}
            lots={lots}
            lotOf={lotOf}
            lotsLoading={lotsQuery.isLoading}
            readOnly={context.readOnly}
            fixed={scope.fixed}
            fixedName={scope.branchName}
            onBranch={setWatchedBranch}
          />
        )}
      </FormPage>
    </>
  );
}
