import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { CloseCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ASSORTMENT_ORDER_TYPES,
  assortmentOrderBody,
  type assortmentApproveBody,
  type assortmentConfirmBody,
} from '@clinica/domain';
import { CommentsField, DocumentPart } from '../../shared/form/LotLines';
import { useRecordCrumb } from '../../shared/recordCrumb';
import type { ApiResult } from '../../shared/api/client';
import { FormPage } from '../../shared/form/FormPage';
import { SchemaField } from '../../shared/form/SchemaField';
import { zodRule } from '../../shared/form/zodRules';
import { useRecordId } from '../../shared/form/useRecordId';
import { useBranchOptions, useBranchScope } from '../../shared/lookups';
import { PageHeader } from '../../shared/PageHeader';
import { useActor } from './actor';
import {
  approveAssortmentOrder,
  assortmentOrderKeys,
  confirmAssortmentOrder,
  createAssortmentOrder,
  fetchAssortmentOrder,
  folioOf,
  updateAssortmentOrder,
  useCentreLots,
  useOrderableProducts,
  type AssortmentOrder,
  type ProductChoice,
} from './api';
import { ApproveLines } from './ApproveLines';
import { AssortmentOrderDetail } from './AssortmentOrderDetail';
import { ConfirmLines } from './ConfirmLines';
import { OrderLines } from './OrderLines';
import { OrderStatusTag } from './OrderStatusTag';
import {
  CONFIRM_PROMPT,
  approvalBlocked,
  approveFormSchema,
  confirmFormSchema,
  lockedReason,
  orderFormSchema,
  orderModeFor,
  toFormValues,
  type OrderMode,
} from './orderRules';
import { useRejectOrder } from './useRejectOrder';
import './assortment-orders.css';

const LIST = '/dashboard/ordenes-de-surtido';

/** Create and edit: the order's type, the branch that receives it, comments and products. */
function OrderFields({
  schema,
  fixed,
  branchName,
  onBranch,
  products,
  productOf,
  loading,
  readOnly,
}: {
  schema: z.ZodType;
  fixed: boolean;
  branchName: string;
  onBranch: (branchId: number | null) => void;
  products: ProductChoice[];
  productOf: (id: unknown) => ProductChoice | undefined;
  loading: boolean;
  readOnly: boolean;
}) {
  const branches = useBranchOptions(!fixed);
  const chosen = Form.useWatch('branchId') as number | undefined;
  useEffect(() => onBranch(typeof chosen === 'number' ? chosen : null), [chosen, onBranch]);
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <SchemaField schema={assortmentOrderBody} name="orderType" label="Tipo de orden">
            <Select
              placeholder="Selecciona un tipo"
              options={ASSORTMENT_ORDER_TYPES.map((type) => ({ value: type, label: type }))}
            />
          </SchemaField>
        </Col>
        <Col xs={24} md={12}>
          {fixed ? (
            // Branch and operational managers order for their own branch (spec 001 §5, §6).
            <Form.Item label="Sucursal" htmlFor="ao-branch" extra="Tu sucursal recibe la orden.">
              <Input id="ao-branch" readOnly variant="filled" value={branchName} />
            </Form.Item>
          ) : (
            <Form.Item
              name="branchId"
              label="Sucursal"
              required
              rules={[zodRule(schema, 'branchId')]}
              extra="La sucursal que recibe la orden; el CEDIS la surte."
            >
              <Select
                placeholder="Selecciona una sucursal"
                loading={branches.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                options={(branches.data ?? [])
                  .filter((branch) => !branch.distributionCenter)
                  .map((branch) => ({ value: branch.id, label: branch.name }))}
              />
            </Form.Item>
          )}
        </Col>
        <CommentsField schema={assortmentOrderBody} />
      </Row>
      <DocumentPart />
      <OrderLines
        schema={schema}
        products={products}
        productOf={productOf}
        loading={loading}
        waitingFor={!fixed && chosen === undefined ? 'Elige primero la sucursal' : null}
        readOnly={readOnly}
      />
    </>
  );
}

function OrderHeading({ order }: { order: AssortmentOrder }) {
  return (
    <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 20, fontFamily: 'monospace' }}>
        {folioOf(order)}
      </Typography.Title>
      <OrderStatusTag order={order} />
      <Typography.Text type="secondary">
        {order.orderType} · para {order.branch.name}
      </Typography.Text>
    </Flex>
  );
}

/** The breadcrumb of a saved order names what the screen is for ('Editar' otherwise). */
const MODE_CRUMBS: Record<OrderMode, string | null> = {
  create: null,
  edit: null,
  approve: 'Aprobar',
  confirm: 'Confirmar recepción',
  view: 'Detalle',
};

const TITLES: Record<OrderMode, string> = {
  create: 'Nueva orden de surtido',
  edit: 'Orden de surtido',
  approve: 'Aprobar orden de surtido',
  confirm: 'Confirmar recepción',
  view: 'Orden de surtido',
};

const DESCRIPTIONS: Record<OrderMode, string> = {
  create: 'Lo que la sucursal pide al CEDIS, sin pasar del máximo de cada producto.',
  edit: 'Mientras nadie la aprueba, la orden se puede cambiar.',
  approve: 'Elige los lotes del CEDIS y las cantidades a enviar de cada producto.',
  confirm: 'Anota lo que llegó de cada lote: la diferencia queda como merma en tránsito.',
  view: 'La orden, sus lotes y lo que se recibió.',
};

/** `/dashboard/ordenes-de-surtido/crear` and `/{id}`: one form, three modes (spec 001 §2, §4). */
export function AssortmentOrderFormPage() {
  const { editing, id } = useRecordId();
  const navigate = useNavigate();
  const actor = useActor();
  const scope = useBranchScope();
  // The same query FormPage makes (one request): the mode depends on the order.
  const record = useQuery({
    queryKey: assortmentOrderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchAssortmentOrder(id ?? 0, signal),
    enabled: editing && Number.isInteger(id) && (id ?? 0) > 0,
  });
  const order = record.data ?? null;
  const mode = editing && !order ? 'view' : orderModeFor(actor, order);
  useRecordCrumb(editing && !order ? null : MODE_CRUMBS[mode]);
  const ordering = mode === 'create' || mode === 'edit';

  // Create and edit: the branch's products and its max of each.
  const [chosenBranch, setChosenBranch] = useState<number | null>(null);
  const productsBranch = scope.fixed ? null : (chosenBranch ?? order?.branch.id ?? null);
  const orderable = useOrderableProducts(
    productsBranch,
    ordering && (scope.fixed || productsBranch !== null),
  );
  const products = useMemo(() => {
    const list = [...(orderable.data ?? [])];
    // The order's own products may have left the catalogue's active list: kept as options.
    for (const line of order?.assortmentOrderProducts ?? []) {
      if (!list.some((product) => product.productId === line.productId))
        list.push({ ...line.product, productId: line.productId, max: null, min: null });
    }
    return list;
  }, [orderable.data, order]);
  const productOf = useMemo(() => {
    const byId = new Map(products.map((product) => [product.productId, product]));
    return (value: unknown) => (typeof value === 'number' ? byId.get(value) : undefined);
  }, [products]);

  // Approve: the distribution centre's lots of each product.
  const branches = useBranchOptions(mode === 'approve' && !order?.originBranch);
  const centreId =
    order?.originBranch?.id ??
    branches.data?.find((branch) => branch.distributionCenter)?.id ??
    null;
  const productIds = useMemo(
    () => [...new Set((order?.assortmentOrderProducts ?? []).map((line) => line.productId))],
    [order],
  );
  const lots = useCentreLots(centreId, productIds, mode === 'approve');
  const lotQuantity = useMemo(() => {
    const byId = new Map(
      [...lots.byProduct.values()].flat().map((lot) => [lot.stockId, lot.quantity]),
    );
    return (stockId: unknown) => (typeof stockId === 'number' ? (byId.get(stockId) ?? null) : null);
  }, [lots.byProduct]);

  const schema = useMemo(() => {
    if (mode === 'approve' && order) return approveFormSchema(order, lotQuantity);
    if (mode === 'confirm' && order) return confirmFormSchema(order);
    return orderFormSchema(scope.fixed, (productId) => productOf(productId)?.max ?? null);
  }, [mode, order, lotQuantity, scope.fixed, productOf]);

  const { reject, holder: rejectHolder } = useRejectOrder(() => navigate(LIST));
  const savedFolio = useRef<string | null>(null);

  async function submit(output: z.output<typeof schema>, orderId: number | null) {
    const body = (output as { body: unknown }).body;
    let answer: ApiResult<AssortmentOrder>;
    if (orderId === null)
      answer = await createAssortmentOrder(body as z.input<typeof assortmentOrderBody>);
    else if (mode === 'approve')
      answer = await approveAssortmentOrder(orderId, body as z.input<typeof assortmentApproveBody>);
    else if (mode === 'confirm')
      answer = await confirmAssortmentOrder(orderId, body as z.input<typeof assortmentConfirmBody>);
    else answer = await updateAssortmentOrder(orderId, body as z.input<typeof assortmentOrderBody>);
    savedFolio.current = folioOf(answer.data);
    return answer;
  }

  /** '¿Deseas confirmar esta orden?' before the confirmation (spec 001 §4). */
  const confirmSave = () => ({
    title: CONFIRM_PROMPT,
    content: 'Lo recibido entra al inventario de la sucursal y la orden queda terminada.',
  });

  const blocked = order && mode === 'edit' ? approvalBlocked(actor, order) : null;
  const title = order ? `${TITLES[mode]} ${folioOf(order)}` : TITLES[mode];

  return (
    <>
      {rejectHolder}
      <PageHeader title={title} description={DESCRIPTIONS[mode]} />
      <FormPage
        title="Orden de surtido"
        resource="assortmentOrder"
        listPath={LIST}
        schema={schema}
        load={{ queryKey: assortmentOrderKeys.detail, fetch: fetchAssortmentOrder }}
        toValues={(loaded) => toFormValues(loaded, mode, scope.fixed)}
        initialValues={{ assortmentOrderProducts: [{ orderedQuantity: 1 }] }}
        submit={submit}
        invalidates={[assortmentOrderKeys.all, ['stock']]}
        lockedReason={(loaded) =>
          lockedReason(loaded) ??
          (mode === 'view' && loaded.status === 'En transito' && actor.canEdit
            ? 'La orden está en tránsito: la confirma la sucursal que la recibe.'
            : null)
        }
        heading={({ record: loaded }) => loaded && <OrderHeading order={loaded} />}
        submitLabel={mode === 'approve' ? 'Aprobar' : mode === 'confirm' ? 'Confirmar' : 'Guardar'}
        confirmSave={mode === 'confirm' ? confirmSave : undefined}
        extraActions={() =>
          mode === 'approve' && order ? (
            <Button danger icon={<CloseCircleOutlined />} onClick={() => reject(order)}>
              Rechazar
            </Button>
          ) : null
        }
        savedText={(_body, wasEditing) => {
          const folio = savedFolio.current ?? '';
          if (!wasEditing) return `Orden de surtido ${folio} creada`;
          if (mode === 'approve') return `Orden de surtido ${folio} aprobada: va en tránsito`;
          if (mode === 'confirm') return `Orden de surtido ${folio} terminada`;
          return `Orden de surtido ${folio} guardada`;
        }}
      >
        {(context) => {
          if (!context.record && context.editing) return null;
          if (context.record && (mode === 'view' || context.readOnly))
            return <AssortmentOrderDetail order={context.record} />;
          if (mode === 'approve' && context.record)
            return (
              <ApproveLines
                order={context.record}
                schema={schema}
                lotsOf={(productId) => lots.byProduct.get(productId) ?? []}
                loading={lots.loading || branches.isLoading}
              />
            );
          if (mode === 'confirm' && context.record)
            return <ConfirmLines order={context.record} schema={schema} />;
          return (
            <>
              {blocked && (
                <Alert
                  type="info"
                  showIcon
                  role="status"
                  data-testid="approval-blocked"
                  style={{ marginBottom: 16 }}
                  title="No puedes aprobar esta orden"
                  description={blocked}
                />
              )}
              <OrderFields
                schema={schema}
                fixed={scope.fixed}
                branchName={scope.branchName}
                onBranch={setChosenBranch}
                products={products}
                productOf={productOf}
                loading={orderable.isLoading}
                readOnly={context.readOnly}
              />
            </>
          );
        }}
      </FormPage>
    </>
  );
}
