import { Descriptions, Empty, Flex, Typography } from 'antd';
import { usePrivileges } from '../../shared/session/hooks';
import { formatContent, formatDateTime, formatMoney } from '../../shared/format';
import { ToneTag } from '../../shared/Tone';
import { productPhotoUrl, type Product } from './api';
import { ApprovalTag } from './ApprovalTag';
import '../../shared/price-tiles.css';

const pct = (value: number | null) => (value === null ? '—' : `${value} %`);
const money = (value: number | null) => (value === null ? '—' : formatMoney(value));

function PriceTile({ label, value, accent }: { label: string; value: string; accent?: boolean }) {
  return (
    <div className={`price-tile${accent ? ' price-tile--accent' : ''}`}>
      <span>{label}</span>
      <strong>{value}</strong>
    </div>
  );
}

/**
 * The 700-wide drawer of a product (spec 001 §2): photos, data, prices and approval. The franchise
 * price and the approval prices are the approver's figures: only holders of products approve see
 * them (spec 001 §6).
 */
export function ProductDetail({ product }: { product: Product }) {
  const approver = usePrivileges().can('products', 'approve');
  const sale = product.productType.name === 'Cosmetólogo/Venta';
  const reviewed = {
    key: 'reviewed',
    label:
      product.approvalStatus === 'rejected'
        ? 'Rechazado el'
        : product.approvalStatus === 'approved'
          ? 'Aprobado el'
          : 'Creado el',
    children: formatDateTime(product.rejected_at ?? product.approved_at ?? product.created_at),
    span: 2,
  };
  return (
    <Flex vertical gap={20}>
      <div>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={3} style={{ margin: 0, fontSize: 20 }}>
            {product.name}
          </Typography.Title>
          <ApprovalTag status={product.approvalStatus} />
          {product.status ? (
            <ToneTag tone="teal">Activo</ToneTag>
          ) : (
            <ToneTag tone="gray">Inactivo</ToneTag>
          )}
        </Flex>
        <Typography.Text type="secondary">
          {product.brand} · SKU {product.sku} · {product.productType.name}
        </Typography.Text>
      </div>
      {product.photos.length > 0 ? (
        <div className="product-gallery">
          {product.photos.map((photo, index) => (
            <a key={photo.id} href={productPhotoUrl(photo.name)} target="_blank" rel="noreferrer">
              <img src={productPhotoUrl(photo.name)} alt={`Foto ${index + 1} de ${product.name}`} />
            </a>
          ))}
        </div>
      ) : (
        <Empty description="Sin fotos" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <div className="price-tiles">
        <PriceTile label="Costo" value={formatMoney(product.cost)} />
        <PriceTile
          label={`Costo con IVA (${product.tax} %)`}
          value={formatMoney(product.costWithTax)}
        />
        {approver && (
          <PriceTile label="Precio franquicia" value={money(product.franchisePrice)} accent />
        )}
      </div>
      <Descriptions
        bordered
        size="small"
        column={2}
        items={[
          {
            key: 'content',
            label: 'Contenido',
            children: formatContent(product.content, product.measureUnit, product.contentType),
            span: 2,
          },
          { key: 'barcode', label: 'Código de barras', children: product.barCode, span: 2 },
          {
            key: 'providers',
            label: 'Proveedores',
            children: product.providers.map((provider) => provider.name).join(', '),
            span: 2,
          },
          {
            key: 'categories',
            label: 'Categorías',
            children: product.categories.map((category) => category.name).join(', '),
            span: 2,
          },
          { key: 'description', label: 'Descripción', children: product.description, span: 2 },
          ...(approver ? [] : [reviewed]),
        ]}
      />
      {approver && (
        <Descriptions
          title="Precios de aprobación"
          bordered
          size="small"
          column={2}
          items={[
            {
              key: 'franchiseTax',
              label: 'Impuesto franquicia',
              children: pct(product.franchiseTax),
            },
            {
              key: 'additional',
              label: 'Adicional franquicia',
              children: pct(product.additionalCostFranchise),
            },
            {
              key: 'indirect',
              label: 'Gastos indirectos',
              children: money(product.indirectExpenses),
            },
            ...(sale
              ? [
                  {
                    key: 'profit',
                    label: 'Porcentaje de utilidad',
                    children: pct(product.profitPorcentage),
                  },
                  { key: 'sale', label: 'Precio de venta', children: money(product.salePrice) },
                  { key: 'points', label: 'Puntos', children: product.points ?? '—' },
                ]
              : []),
            reviewed,
          ]}
        />
      )}
    </Flex>
  );
}
