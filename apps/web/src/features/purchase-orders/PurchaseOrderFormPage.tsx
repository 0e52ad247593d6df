import { useMemo, useRef } from 'react';
import { Alert, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  PAY_METHODS,
  PAY_STATUSES,
  purchaseOrderBody,
  purchaseOrderUpdateBody,
} from '@clinica/domain';
import { CommentsField, DocumentPart } from '../../shared/form/LotLines';
import { FormPage, type FormPageContext } from '../../shared/form/FormPage';
import { DateInput, MoneyInput } from '../../shared/form/inputs';
import { SchemaField } from '../../shared/form/SchemaField';
import { zodRule } from '../../shared/form/zodRules';
import { useRecordId } from '../../shared/form/useRecordId';
import { formatLocalDate, formatMoney, todayInBranch } from '../../shared/format';
import { useProductPicker, useProviderOptions } from '../../shared/lookups';
import { PageHeader } from '../../shared/PageHeader';
import { useRecordCrumb } from '../../shared/recordCrumb';
import { usePrivileges } from '../../shared/session/hooks';
import {
  createPurchaseOrder,
  fetchPurchaseOrder,
  folioOf,
  isDeleted,
  isPaid,
  purchaseOrderKeys,
  updatePurchaseOrder,
  type PurchaseOrder,
} from './api';
import { PayStatusTag } from './PayStatusTag';
import { PurchaseOrderLines, type ProductChoice } from './PurchaseOrderLines';
import {
  changedFields,
  creditExpiryOf,
  lineBody,
  linesTotalOf,
  purchaseOrderFormSchema,
  toFormValues,
  totalsDiffer,
  type FormMode,
  type LineValues,
} from './purchaseOrderForm';
import { TotalsBox } from '../../shared/documents/DocumentDetail';

const LIST = '/dashboard/ordenes-de-compra';

type ProviderChoice = { id: number; name: string; payConditions: number };

/** Credit expiry, computed as the arrival and the provider are chosen (spec 001 §4, §9). */
function CreditExpiry({ providerOf }: { providerOf: (id: unknown) => ProviderChoice | undefined }) {
  const arrivedAt = Form.useWatch('arrivedAt') as string | null | undefined;
  const provider = providerOf(Form.useWatch('providerId'));
  const expiry = creditExpiryOf(arrivedAt, provider?.payConditions);
  return (
    <Form.Item
      label="Vencimiento del crédito"
      htmlFor="po-credit-expiration"
      required
      extra={
        provider
          ? `Llegada + 1 día + ${provider.payConditions} días de crédito.`
          : 'Se calcula con la fecha de llegada y el proveedor.'
      }
    >
      <Input
        id="po-credit-expiration"
        readOnly
        variant="filled"
        value={expiry ? formatLocalDate(expiry) : ''}
        placeholder="Elige proveedor y llegada"
        data-testid="credit-expiration"
      />
    </Form.Item>
  );
}

/** The lines' total beside the invoice's, with a warning (not an error) when they differ. */
function Totals({ productOf }: { productOf: (id: unknown) => ProductChoice | undefined }) {
  const lines = (Form.useWatch('purchaseOrderProducts') as LineValues[] | undefined) ?? [];
  const amount = Form.useWatch('amount') as number | null | undefined;
  const tax = Form.useWatch('tax') as number | null | undefined;
  const total = linesTotalOf(lines, productOf);
  const differ = totalsDiffer(amount, total);
  return (
    <TotalsBox
      rows={[
        {
          label: 'Total de los productos (con IVA)',
          value: formatMoney(total),
          testId: 'lines-total',
        },
        { label: 'IVA de la factura', value: typeof tax === 'number' ? formatMoney(tax) : '—' },
        {
          label: 'Total de la factura',
          value: typeof amount === 'number' ? formatMoney(amount) : '—',
        },
      ]}
    >
      {differ && (
        <Alert
          type="warning"
          showIcon
          role="status"
          data-testid="totals-warning"
          title="El total de la factura no coincide con el de los productos"
          description={`Factura ${formatMoney(amount)}, productos ${formatMoney(total)}. Revisa los precios o el total antes de guardar.`}
        />
      )}
    </TotalsBox>
  );
}

function PurchaseOrderFields({
  mode,
  schema,
  context,
  providers,
  providerOf,
  products,
  productOf,
  productsLoading,
  onProductSearch,
}: {
  mode: FormMode;
  schema: z.ZodType;
  context: FormPageContext<PurchaseOrder>;
  providers: ProviderChoice[];
  providerOf: (id: unknown) => ProviderChoice | undefined;
  products: ProductChoice[];
  productOf: (id: unknown) => ProductChoice | undefined;
  productsLoading: boolean;
  onProductSearch: (text: string) => void;
}) {
  const provider = providerOf(Form.useWatch('providerId'));
  const payStatus = Form.useWatch('payStatus') as string | undefined;
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12} xl={8}>
          <SchemaField schema={purchaseOrderBody} name="invoiceNumber" showCount />
        </Col>
        <Col xs={24} md={12} xl={8}>
          <SchemaField
            schema={purchaseOrderBody}
            name="providerId"
            extra={provider ? `Condiciones de pago: ${provider.payConditions} días` : undefined}
          >
            <Select
              placeholder="Selecciona un proveedor"
              showSearch={{ optionFilterProp: 'label' }}
              options={providers.map((option) => ({ value: option.id, label: option.name }))}
            />
          </SchemaField>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <SchemaField schema={purchaseOrderBody} name="payMethod" label="Método de pago">
            <Select
              placeholder="Selecciona un método"
              options={PAY_METHODS.map((method) => ({ value: method, label: method }))}
            />
          </SchemaField>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <SchemaField schema={purchaseOrderBody} name="arrivedAt">
            <DateInput />
          </SchemaField>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <CreditExpiry providerOf={providerOf} />
        </Col>
        <Col xs={24} sm={12} md={6} xl={4}>
          <SchemaField schema={purchaseOrderBody} name="tax" label="IVA de la factura">
            <MoneyInput />
          </SchemaField>
        </Col>
        <Col xs={24} sm={12} md={6} xl={4}>
          <SchemaField schema={purchaseOrderBody} name="amount" label="Total de la factura">
            <MoneyInput />
          </SchemaField>
        </Col>
        <CommentsField schema={purchaseOrderBody} />
      </Row>
      <DocumentPart />
      <PurchaseOrderLines
        schema={schema}
        products={products}
        productOf={productOf}
        loading={productsLoading}
        onSearch={onProductSearch}
        readOnly={context.readOnly}
      />
      <Totals productOf={productOf} />
      {mode === 'approve' && !context.readOnly && (
        <>
          <DocumentPart>Pago</DocumentPart>
          <Row gutter={16}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="payStatus"
                label="Estatus de pago"
                required
                rules={[zodRule(schema, 'payStatus')]}
              >
                <Select
                  options={PAY_STATUSES.map((status) => ({ value: status, label: status }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="payedAt"
                label="Fecha de pago"
                required={payStatus !== 'Pendiente'}
                rules={[zodRule(schema, 'payedAt')]}
                dependencies={['payStatus']}
                extra="Una orden pagada ya no se puede modificar ni eliminar."
              >
                <DateInput noFuture />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </>
  );
}

/** The order's folio, pay status and payment, above the form of a saved order. */
function OrderHeading({ order }: { order: PurchaseOrder }) {
  return (
    <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 20, fontFamily: 'monospace' }}>
        {folioOf(order)}
      </Typography.Title>
      <PayStatusTag order={order} />
      {order.payedAt && (
        <Typography.Text type="secondary">
          Pagada el {formatLocalDate(order.payedAt.slice(0, 10))}
        </Typography.Text>
      )}
    </Flex>
  );
}

const lockedReason = (order: PurchaseOrder) =>
  isDeleted(order)
    ? 'La orden fue eliminada: solo se puede consultar.'
    : isPaid(order)
      ? 'La orden está pagada: ya no se puede modificar.'
      : null;

/** `/dashboard/ordenes-de-compra/crear` and `/{id}` (spec 001 §2–§5). */
export function PurchaseOrderFormPage() {
  const { editing, id } = useRecordId();
  const { can } = usePrivileges();
  const approver = can('purchaseOrder', 'approve');
  // The same query FormPage makes (one request): the mode and the options depend on the order.
  const record = useQuery({
    queryKey: purchaseOrderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchPurchaseOrder(id ?? 0, signal),
    enabled: editing && Number.isInteger(id) && (id ?? 0) > 0,
  });
  const order = record.data ?? null;
  const mode: FormMode = !editing
    ? 'create'
    : order && approver && !isPaid(order) && !isDeleted(order)
      ? 'approve'
      : 'edit';
  useRecordCrumb(mode === 'approve' ? 'Aprobar' : null);

  const providersLookup = useProviderOptions();
  const productsLookup = useProductPicker();

  // The order's own provider and products may have left the lookups (inactive): kept as options.
  const providers = useMemo(() => {
    const list: ProviderChoice[] = (providersLookup.data ?? []).map((provider) => ({
      id: provider.id,
      name: provider.name,
      payConditions: provider.payConditions,
    }));
    if (order && !list.some((provider) => provider.id === order.provider.id))
      list.push(order.provider);
    return list;
  }, [providersLookup.data, order]);
  const products = useMemo(() => {
    const list: ProductChoice[] = productsLookup.products.map((product) => ({
      id: product.id,
      sku: product.sku,
      name: product.name,
      tax: product.tax,
      productType: product.productType.name,
      cost: product.cost,
    }));
    for (const line of order?.purchaseOrderProducts ?? []) {
      if (!list.some((product) => product.id === line.productId))
        list.push({ ...line.product, cost: null });
    }
    return list;
  }, [productsLookup.products, order]);

  const providerOf = useMemo(() => {
    const byId = new Map(providers.map((provider) => [provider.id, provider]));
    return (value: unknown) => (typeof value === 'number' ? byId.get(value) : undefined);
  }, [providers]);
  const productOf = useMemo(() => {
    const byId = new Map(products.map((product) => [product.id, product]));
    return (value: unknown) => (typeof value === 'number' ? byId.get(value) : undefined);
  }, [products]);

  const schema = useMemo(() => purchaseOrderFormSchema(mode, productOf), [mode, productOf]);
  const savedFolio = useRef<string | null>(null);

  async function submit(output: z.output<typeof schema>, orderId: number | null) {
    const { purchaseOrderProducts, payStatus, payedAt, ...fields } = output.body as z.output<
      typeof purchaseOrderUpdateBody
    >;
    const lines = (purchaseOrderProducts ?? []).map(lineBody);
    if (orderId === null) {
      const answer = await createPurchaseOrder({
        ...(fields as Omit<z.input<typeof purchaseOrderBody>, 'purchaseOrderProducts'>),
        purchaseOrderProducts: lines,
      });
      savedFolio.current = folioOf(answer.data);
      return answer;
    }
    const original = order ? purchaseOrderUpdateBody.safeParse(toFormValues(order, 'edit')) : null;
    const before = original?.success
      ? {
          ...original.data,
          purchaseOrderProducts: (original.data.purchaseOrderProducts ?? []).map(lineBody),
        }
      : {};
    const changes = changedFields({ ...fields, purchaseOrderProducts: lines }, before);
    const payment =
      mode === 'approve' ? { payStatus, payedAt: payStatus === 'Completado' ? payedAt : null } : {};
    const answer = await updatePurchaseOrder(orderId, { ...changes, ...payment });
    savedFolio.current = folioOf(answer.data);
    return answer;
  }

  const title = !editing
    ? 'Nueva orden de compra'
    : order
      ? `Orden de compra ${folioOf(order)}`
      : 'Orden de compra';

  return (
    <>
      <PageHeader
        title={title}
        description="La factura del proveedor y los productos que entran al CEDIS, con sus lotes y caducidades."
      />
      <FormPage
        title="Orden de compra"
        resource="purchaseOrder"
        listPath={LIST}
        schema={schema}
        load={{ queryKey: purchaseOrderKeys.detail, fetch: fetchPurchaseOrder }}
        toValues={(loaded) => toFormValues(loaded, mode)}
        initialValues={{
          arrivedAt: todayInBranch(),
          purchaseOrderProducts: [{ quantity: 1 }],
        }}
        submit={submit}
        invalidates={[purchaseOrderKeys.all]}
        lockedReason={lockedReason}
        heading={({ record: loaded }) => loaded && <OrderHeading order={loaded} />}
        submitLabel={mode === 'approve' ? 'Aprobar' : 'Guardar'}
        savedText={(body, wasEditing) => {
          const folio = savedFolio.current ?? '';
          if (!wasEditing) return `Orden de compra ${folio} creada`;
          const paid = (body.body as { payStatus?: string }).payStatus === 'Completado';
          return paid ? `Orden de compra ${folio} pagada` : `Orden de compra ${folio} guardada`;
        }}
      >
        {(context) => (
          <PurchaseOrderFields
            mode={mode}
            schema={schema}
            context={context}
            providers={providers}
            providerOf={providerOf}
            products={products}
            productOf={productOf}
            productsLoading={productsLookup.isLoading}
            onProductSearch={productsLookup.onSearch}
          />
        )}
      </FormPage>
    </>
  );
}
