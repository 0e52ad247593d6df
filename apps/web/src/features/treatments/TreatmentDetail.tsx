import { Descriptions, Flex, Table, Typography } from 'antd';
import { MedicineBoxOutlined } from '@ant-design/icons';
import { thumbnailUrl } from '../../shared/form/ImagesField';
import { formatMoney } from '../../shared/format';
import { ActiveTag, ToneTag } from '../../shared/Tone';
import type { Treatment } from './api';
import '../../shared/price-tiles.css';
import './treatments.css';

export function TreatmentTypeTag({ name }: { name: string }) {
  const tone = name === 'Médico' ? 'blue' : name === 'Valoración' ? 'gold' : 'purple';
  return <ToneTag tone={tone}>{name}</ToneTag>;
}

/** The 700-wide drawer of a treatment (spec 001 §2). */
export function TreatmentDetail({ treatment }: { treatment: Treatment }) {
  return (
    <Flex vertical gap={20}>
      <Flex gap={16} align="flex-start">
        {treatment.photo ? (
          <img
            className="treatment-photo"
            src={thumbnailUrl(treatment.photo.name)}
            alt={`Foto de ${treatment.name}`}
          />
        ) : (
          <span className="treatment-photo treatment-photo--empty" aria-hidden="true">
            <MedicineBoxOutlined />
          </span>
        )}
        <Flex vertical gap={6}>
          <Typography.Title level={3} style={{ margin: 0, fontSize: 20 }}>
            {treatment.name}
          </Typography.Title>
          <Flex gap={6} wrap>
            <TreatmentTypeTag name={treatment.treatmentType.name} />
            <ActiveTag active={treatment.active} />
            {treatment.assessment === 1 && <ToneTag tone="gold">Requiere valoración</ToneTag>}
            {treatment.onlineBooking && <ToneTag tone="blue">Reserva en línea</ToneTag>}
          </Flex>
          <Typography.Text type="secondary">SKU {treatment.sku}</Typography.Text>
        </Flex>
      </Flex>
      <div className="price-tiles">
        <div className="price-tile price-tile--accent">
          <span>Precio</span>
          <strong>{formatMoney(treatment.price)}</strong>
        </div>
        {treatment.treatmentType.name === 'Médico' && (
          <div className="price-tile">
            <span>Comisión médica</span>
            <strong>
              {treatment.medicalFee === null ? '—' : formatMoney(treatment.medicalFee)}
            </strong>
          </div>
        )}
        <div className="price-tile">
          <span>Duración · puntos</span>
          <strong>
            {treatment.termLabel} · {treatment.points}
          </strong>
        </div>
      </div>
      <Typography.Paragraph style={{ margin: 0 }}>{treatment.description}</Typography.Paragraph>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'categories',
            label: 'Categorías',
            children: treatment.categories.map((category) => category.name).join(', '),
          },
          {
            key: 'areas',
            label: 'Áreas',
            children:
              treatment.areas.length === 0 ? (
                '—'
              ) : (
                <Flex wrap gap={4}>
                  {treatment.areas.map((area) => (
                    <ToneTag key={area.id} tone="gray">
                      {area.place} · {area.name}
                    </ToneTag>
                  ))}
                </Flex>
              ),
          },
          {
            key: 'appliances',
            label: 'Aparatos',
            children: treatment.appliances.map((appliance) => appliance.name).join(', ') || '—',
          },
          {
            key: 'consent',
            label: 'Consentimiento',
            children: treatment.treatmentConsent?.name ?? 'No requiere',
          },
        ]}
      />
      <div>
        <Typography.Title level={4} style={{ fontSize: 15 }}>
          Productos que consume
        </Typography.Title>
        <Table
          size="small"
          rowKey="productId"
          pagination={false}
          dataSource={treatment.treatmentProduct}
          locale={{ emptyText: 'No consume productos del inventario' }}
          columns={[
            {
              key: 'sku',
              title: 'SKU',
              render: (_, line) => (
                <span style={{ fontFamily: 'monospace' }}>{line.product.sku}</span>
              ),
            },
            { key: 'name', title: 'Producto', render: (_, line) => line.product.name },
            { key: 'quantity', title: 'Cantidad', align: 'right', dataIndex: 'quantity' },
          ]}
        />
      </div>
    </Flex>
  );
}
