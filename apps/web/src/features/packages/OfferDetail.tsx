import { Descriptions, Flex, Table, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { formatLocalDate } from '@clinica/domain';
import { formatMoney } from '../../shared/format';
import { ActiveTag, ToneTag } from '../../shared/Tone';
import { offerThumbnailUrl, type Offer } from './api';
import '../../shared/price-tiles.css';
import './offers.css';

/** When an offer is sold: its dates and hours, or always. */
export function offerWindow(offer: Offer): string {
  const parts: string[] = [];
  if (offer.validBySchedule)
    parts.push(`${formatLocalDate(offer.startDate)} al ${formatLocalDate(offer.endDate)}`);
  if (offer.validByTime) parts.push(`${offer.startTime} a ${offer.endTime}`);
  return parts.length > 0 ? parts.join(' · ') : 'Sin límite';
}

/** The drawer of a package or promotion. */
export function OfferDetail({ offer }: { offer: Offer }) {
  const isPackage = offer.type === 'Package';
  return (
    <Flex vertical gap={20}>
      <Flex gap={16} align="flex-start">
        {offer.photo ? (
          <img
            className="offer-photo"
            src={offerThumbnailUrl(offer.photo.name)}
            alt={`Foto de ${offer.name}`}
          />
        ) : (
          <span className="offer-photo offer-photo--empty" aria-hidden="true">
            <GiftOutlined />
          </span>
        )}
        <Flex vertical gap={6}>
          <Typography.Title level={3} style={{ margin: 0, fontSize: 20 }}>
            {offer.name}
          </Typography.Title>
          <Flex gap={6} wrap>
            <ToneTag tone="purple">{offer.treatmentType.name}</ToneTag>
            <ActiveTag active={offer.status} />
          </Flex>
          <Typography.Text type="secondary">SKU {offer.sku}</Typography.Text>
        </Flex>
      </Flex>
      <div className="price-tiles">
        <div className="price-tile">
          <span>Precio regular</span>
          <strong>{formatMoney(offer.regularPrice)}</strong>
        </div>
        <div className="price-tile price-tile--accent">
          <span>Precio</span>
          <strong>{formatMoney(offer.price)}</strong>
        </div>
        <div className="price-tile">
          <span>Cabina · puntos</span>
          <strong>
            {offer.cabainTimeLabel} · {offer.points}
          </strong>
        </div>
      </div>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Descripción">{offer.description}</Descriptions.Item>
        <Descriptions.Item label="Categoría">{offer.category.name}</Descriptions.Item>
        <Descriptions.Item label="Sucursales">
          {offer.branches.map((branch) => branch.name).join(', ')}
        </Descriptions.Item>
        <Descriptions.Item label="Tipo de pago">{offer.paymentType.join(', ')}</Descriptions.Item>
        <Descriptions.Item label="Vigencia">{offerWindow(offer)}</Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={offer.treatmentPackage}
        columns={[
          { key: 'treatment', title: 'Tratamiento', render: (_, line) => line.treatment.name },
          {
            key: 'areas',
            title: 'Áreas',
            render: (_, line) => line.areas.map((area) => area.name).join(', '),
          },
          ...(isPackage
            ? [
                {
                  key: 'sessions',
                  title: 'Sesiones',
                  render: (_: unknown, line: Offer['treatmentPackage'][number]) => line.sessions,
                },
              ]
            : []),
          { key: 'limit', title: 'Límite', render: (_, line) => line.limit },
          {
            key: 'regularPrice',
            title: 'Precio regular',
            align: 'right',
            render: (_, line) => formatMoney(line.regularPrice),
          },
          {
            key: 'promotionPrice',
            title: 'Precio',
            align: 'right',
            render: (_, line) => formatMoney(line.promotionPrice),
          },
        ]}
      />
    </Flex>
  );
}
