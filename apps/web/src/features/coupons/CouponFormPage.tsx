import { Col, Form, InputNumber, Radio, Row, Select, Switch, Typography } from 'antd';
import {
  COUPON_PRODUCT_TYPE,
  COUPON_TYPES,
  COUPON_TYPE_LABELS,
  couponBody,
  couponDiscountedPrice,
  couponFormSchema,
  parseDiscountMask,
  type CouponType,
} from '@clinica/domain';
import { FormPage } from '../../shared/form/FormPage';
import { DateInput } from '../../shared/form/inputs';
import { SchemaField } from '../../shared/form/SchemaField';
import { useRecordId } from '../../shared/form/useRecordId';
import { formatMoney } from '../../shared/format';
import {
  useBranchOptions,
  useProductOptionsOfType,
  useProductTypes,
  useTreatmentOptions,
} from '../../shared/lookups';
import { PageHeader } from '../../shared/PageHeader';
import { couponKeys, fetchCoupon, saveCoupon, type CouponDetail } from './api';
import '../../shared/price-tiles.css';

/** The item's price and the price with discount, computed as the user types (read-only). */
function ComputedPrices() {
  const form = Form.useFormInstance();
  const type = Form.useWatch('type', form) as CouponType | undefined;
  const treatmentId = Form.useWatch('treatmentId', form) as number | null | undefined;
  const productId = Form.useWatch('productId', form) as number | null | undefined;
  const discount = parseDiscountMask(Form.useWatch('discount', form) as number | null);
  const treatments = useTreatmentOptions();
  const products = useSaleProducts();
  const price =
    type === 'Treatment'
      ? treatments.data?.find((treatment) => treatment.id === treatmentId)?.price
      : products.data?.find((product) => product.id === productId)?.salePrice;
  const valid = discount > 0 && discount <= 100;
  const discounted =
    price !== undefined && price !== null && valid ? couponDiscountedPrice(price, discount) : null;
  return (
    <div className="price-tiles" role="group" aria-label="Precios calculados">
      <div className="price-tile">
        <span id="coupon-regular-price">Precio regular</span>
        <strong aria-labelledby="coupon-regular-price">
          {price === undefined || price === null ? '—' : formatMoney(price)}
        </strong>
      </div>
      <div className="price-tile price-tile--accent">
        <span id="coupon-discount-price">Precio con descuento</span>
        <strong aria-labelledby="coupon-discount-price">
          {discounted === null ? '—' : formatMoney(discounted)}
        </strong>
      </div>
    </div>
  );
}

/** Products a coupon may discount: active, approved, of type 'Cosmetólogo/Venta' (spec 002 §7). */
function useSaleProducts() {
  const types = useProductTypes();
  const saleType = types.data?.find((type) => type.name === COUPON_PRODUCT_TYPE)?.id ?? null;
  return useProductOptionsOfType(saleType);
}

function CouponFields({ editing }: { editing: boolean }) {
  const form = Form.useFormInstance();
  const type = Form.useWatch('type', form) as CouponType | undefined;
  const branches = useBranchOptions();
  const treatments = useTreatmentOptions();
  const products = useSaleProducts();
  const locked = editing ? 'No se cambia al editar.' : undefined;
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <SchemaField
          schema={couponFormSchema}
          name="code"
          extra="De 5 a 15 letras, números, guiones o guiones bajos."
          normalize={(value: string) => value?.toUpperCase()}
        />
      </Col>
      <Col xs={24} md={16}>
        <SchemaField schema={couponFormSchema} name="name" />
      </Col>
      <Col xs={24}>
        <SchemaField
          schema={couponFormSchema}
          name="description"
          rows={{ minRows: 2, maxRows: 4 }}
        />
      </Col>
      <Col xs={24} md={16}>
        <SchemaField schema={couponFormSchema} name="branchesIds" label="Válido en sucursales">
          <Select
            mode="multiple"
            placeholder="Selecciona las sucursales"
            loading={branches.isLoading}
            optionFilterProp="label"
            options={(branches.data ?? [])
              .filter((branch) => !branch.distributionCenter)
              .map((branch) => ({ value: branch.id, label: branch.name }))}
          />
        </SchemaField>
      </Col>
      <Col xs={24} md={8}>
        <SchemaField schema={couponFormSchema} name="limit" label="Límite de usos">
          <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
        </SchemaField>
      </Col>
      <Col xs={24} md={8}>
        <SchemaField schema={couponFormSchema} name="type" label="Tipo" extra={locked}>
          <Radio.Group
            disabled={editing}
            optionType="button"
            buttonStyle="solid"
            onChange={() => form.setFieldsValue({ treatmentId: null, productId: null })}
            options={COUPON_TYPES.map((value) => ({ value, label: COUPON_TYPE_LABELS[value] }))}
          />
        </SchemaField>
      </Col>
      <Col xs={24} md={16}>
        {type === 'Product' ? (
          <Form.Item label="Producto" name="productId" required extra={locked}>
            <Select
              showSearch
              disabled={editing}
              placeholder={`Selecciona un producto ${COUPON_PRODUCT_TYPE}`}
              loading={products.isLoading}
              optionFilterProp="label"
              options={(products.data ?? []).map((product) => ({
                value: product.id,
                label: product.name,
              }))}
            />
          </Form.Item>
        ) : (
          <Form.Item label="Tratamiento" name="treatmentId" required extra={locked}>
            <Select
              showSearch
              disabled={editing || type === undefined}
              placeholder={
                type === undefined ? 'Elige primero el tipo' : 'Selecciona un tratamiento'
              }
              loading={treatments.isLoading}
              optionFilterProp="label"
              options={(treatments.data ?? []).map((treatment) => ({
                value: treatment.id,
                label: treatment.name,
              }))}
            />
          </Form.Item>
        )}
      </Col>
      <Col xs={24} md={8}>
        <SchemaField
          schema={couponFormSchema}
          name="discount"
          label="Descuento (%)"
          normalize={(value: number | string | null) => parseDiscountMask(value)}
          extra="Mayor a 0 y hasta 100."
        >
          <InputNumber<number>
            min={0}
            max={100}
            precision={2}
            suffix="%"
            style={{ width: '100%' }}
          />
        </SchemaField>
      </Col>
      <Col xs={24} md={8}>
        <SchemaField schema={couponFormSchema} name="expireDate" label="Vencimiento">
          <DateInput />
        </SchemaField>
      </Col>
      {editing && (
        <Col xs={24} md={8}>
          <Form.Item label="Estatus" name="status" valuePropName="checked">
            <Switch checkedChildren="Activo" unCheckedChildren="Inactivo" />
          </Form.Item>
        </Col>
      )}
      <Col xs={24}>
        <Typography.Text type="secondary">
          Precios del tratamiento o producto elegido
        </Typography.Text>
        <ComputedPrices />
      </Col>
    </Row>
  );
}

function toValues(coupon: CouponDetail) {
  return {
    code: coupon.code,
    name: coupon.name,
    description: coupon.description,
    branchesIds: coupon.branches.map((branch) => branch.id),
    limit: coupon.limit,
    type: coupon.type,
    treatmentId: coupon.treatment?.id ?? null,
    productId: coupon.product?.id ?? null,
    discount: coupon.discount,
    expireDate: coupon.expireDate,
    status: coupon.status,
  };
}

/** `/dashboard/cupones/crear` and `/dashboard/cupones/{id}` (spec 002 §2, §5). */
export function CouponFormPage() {
  const { editing } = useRecordId();
  return (
    <>
      <PageHeader
        title={editing ? 'Editar cupón' : 'Nuevo cupón'}
        description="Código, sucursales donde vale, usos, el tratamiento o producto y su descuento."
      />
      <FormPage
        title="Cupón"
        resource="coupons"
        listPath="/dashboard/cupones"
        schema={couponBody}
        load={{ queryKey: couponKeys.detail, fetch: fetchCoupon }}
        toValues={toValues}
        initialValues={{ type: 'Treatment', limit: 1 }}
        submit={saveCoupon}
        invalidates={[couponKeys.all]}
      >
        {({ editing: isEditing }) => <CouponFields editing={isEditing} />}
      </FormPage>
    </>
  );
}
