import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Flex, Modal } from 'antd';
import { CloseCircleOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { financialLabels, type FinancialField, type ProductTypeName } from '@clinica/domain';
import { notifyError, notifySuccess } from '../../shared/notify';
import { usePrivileges } from '../../shared/session/hooks';
import { FormPage } from '../../shared/form/FormPage';
import { isNewPhoto } from '../../shared/form/ImagesField';
import { useRecordId } from '../../shared/form/useRecordId';
import { PageHeader } from '../../shared/PageHeader';
import {
  approveProduct,
  createProduct,
  fetchProduct,
  productKeys,
  rejectProduct,
  updateProduct,
  uploadProductPhotos,
  type Product,
} from './api';
import { ApprovalTag } from './ApprovalTag';
import { ProductFields } from './ProductFields';
import {
  financialsOf,
  isProductTypeName,
  productFormSchema,
  productFormView,
  type ProductFormView,
} from './productForm';
import './products.css';

export const REJECT_PROMPT = '¿Deseas rechazar este producto?';
const LIST = '/dashboard/productos';
const FINANCIAL = Object.keys(financialLabels) as FinancialField[];

function toValues(product: Product) {
  return {
    photos: product.photos,
    productTypeId: product.productType.id,
    sku: product.sku,
    name: product.name,
    brand: product.brand,
    barCode: product.barCode,
    description: product.description,
    contentType: product.contentType,
    content: product.content,
    measureUnit: product.measureUnit,
    cost: product.cost,
    tax: product.tax,
    providersIds: product.providers.map((provider) => provider.id),
    categoriesIds: product.categories.map((category) => category.id),
    status: product.status,
    ...Object.fromEntries(
      FINANCIAL.filter((field) => field !== 'franchisePrice').map((field) => [
        field,
        product[field],
      ]),
    ),
  };
}

type Output = z.output<ReturnType<typeof productFormSchema>>;

/** The fields an edit sends: the update's body without what is locked or not this view's. */
function updateBodyOf(body: Record<string, unknown>, view: ProductFormView) {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'sku' || key === 'productTypeId' || value === undefined) continue;
    if (key === 'status' && !view.showsActive) continue;
    // The approver's prices travel with the edit of an approved product, and with the approval
    // of a pending one.
    if ((FINANCIAL as string[]).includes(key)) {
      if (view.mode !== 'edit' || !view.financialFields.includes(key as FinancialField)) continue;
    }
    fields[key] = value;
  }
  return fields;
}

function Heading({ product, view }: { product: Product | null; view: ProductFormView }) {
  if (!product) return null;
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <Flex align="center" gap={8}>
        <span style={{ color: '#51605f' }}>Estado de aprobación:</span>
        <ApprovalTag status={product.approvalStatus} />
        <span style={{ color: '#51605f' }}>· {product.productType.name}</span>
      </Flex>
      {view.rejected && (
        <Alert
          type="warning"
          showIcon
          title="Este producto fue rechazado"
          description="Corrige lo necesario y guárdalo: volverá a quedar pendiente de aprobación."
        />
      )}
      {view.mode === 'approve' && (
        <Alert
          type="info"
          showIcon
          title="Pendiente de aprobación"
          description="Revisa los datos, llena los precios de aprobación y elige Aprobar o Rechazar."
        />
      )}
    </Flex>
  );
}

/** `/dashboard/productos/crear` and `/dashboard/productos/{id}`: create, edit, approve or reject. */
export function ProductFormPage() {
  const { editing, id } = useRecordId();
  const { can } = usePrivileges();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();

  const record = useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchProduct(id ?? 0, signal),
    enabled: id !== null && Number.isInteger(id) && id > 0,
  });
  const product = record.data ?? null;
  const view = productFormView(product, can('products', 'approve'));
  const typeName = product?.productType.name ?? '';
  // The schema follows the view: it changes only when the product loads or its state does.
  const schema = useMemo(
    () => productFormSchema(view, typeName),
    [view.mode, view.financialFields.join(), typeName],
  );

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: productKeys.all });
  }

  async function submit(output: Output, productId: number | null) {
    const { body, extra } = output;
    const files = extra.photos.filter(isNewPhoto).map((photo) => photo.file);
    if (productId === null) {
      const answer = await createProduct(body as Parameters<typeof createProduct>[0]);
      try {
        await uploadProductPhotos(answer.data.id, files);
      } catch (error) {
        // The product exists: the user goes on from its edit form, where the photos are retried.
        await refresh();
        navigate(`${LIST}/${answer.data.id}`, { replace: true });
        throw error;
      }
      return answer;
    }
    if (!product || !isProductTypeName(typeName)) throw new Error('Producto sin cargar');
    const kept = new Set(extra.photos.flatMap((photo) => (isNewPhoto(photo) ? [] : [photo.id])));
    const removedPhotosIds = product.photos.filter((photo) => !kept.has(photo.id)).map((p) => p.id);
    let answer = await updateProduct(productId, typeName as ProductTypeName, {
      ...updateBodyOf(body, view),
      ...(removedPhotosIds.length > 0 ? { removedPhotosIds } : {}),
    });
    await uploadProductPhotos(productId, files);
    if (view.mode === 'approve') {
      answer = await approveProduct(
        productId,
        financialsOf(body as Record<string, unknown>, view.financialFields),
      );
    }
    return answer;
  }

  function confirmReject() {
    if (id === null) return;
    modal.confirm({
      title: REJECT_PROMPT,
      content: 'El producto quedará rechazado hasta que alguien lo corrija y lo guarde de nuevo.',
      okText: 'Rechazar',
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const answer = await rejectProduct(id);
          notifySuccess(answer.status, answer.code);
          await refresh();
          navigate(LIST);
        } catch (error) {
          notifyError(error);
        }
      },
    });
  }

  return (
    <>
      {modalHolder}
      <PageHeader
        title={
          !editing
            ? 'Nuevo producto'
            : view.mode === 'approve'
              ? 'Aprobar producto'
              : 'Editar producto'
        }
        description={
          product
            ? `${product.sku} · ${product.name}`
            : 'Fotos, datos, contenido, costo, proveedores y categorías del producto.'
        }
      />
      <FormPage
        title="Producto"
        resource="products"
        listPath={LIST}
        schema={schema}
        load={{ queryKey: productKeys.detail, fetch: fetchProduct }}
        toValues={toValues}
        initialValues={{ photos: [], tax: 16, providersIds: [], categoriesIds: [] }}
        submit={submit}
        invalidates={[productKeys.all]}
        submitLabel={view.submitLabel}
        heading={() => <Heading product={product} view={view} />}
        extraActions={() =>
          view.canReject && (
            <Button danger icon={<CloseCircleOutlined />} onClick={confirmReject}>
              Rechazar
            </Button>
          )
        }
      >
        <ProductFields view={view} schema={schema} />
      </FormPage>
    </>
  );
}
