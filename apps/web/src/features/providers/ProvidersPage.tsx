import { Descriptions, Flex, Typography } from 'antd';
import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { tagColumn, textColumn } from '../../shared/list/columns';
import { recordActions } from '../../shared/list/rowActions';
import { formatPhone } from '../../shared/phone';
import { ToneTag } from '../../shared/Tone';
import { fetchProviderPage, providerKeys, removeProvider, type Provider } from './api';

const dash = (value: string | null | undefined) => value || '—';

export function RegimeTag({ regime }: { regime: Provider['regime'] }) {
  return regime === 'Moral' ? (
    <ToneTag tone="blue">Persona moral</ToneTag>
  ) : (
    <ToneTag tone="purple">Persona física</ToneTag>
  );
}

function ProviderDetail({ provider }: { provider: Provider }) {
  const address = [
    provider.address,
    provider.city,
    provider.state,
    provider.zipCode,
    provider.country,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Flex vertical gap={16}>
      <div>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={3} style={{ margin: 0, fontSize: 20 }}>
            {provider.name}
          </Typography.Title>
          <RegimeTag regime={provider.regime} />
        </Flex>
        <Typography.Text type="secondary">
          {provider.tradename} · RFC {provider.rfc}
        </Typography.Text>
      </div>
      <Descriptions
        title="Contacto"
        bordered
        size="small"
        column={2}
        items={[
          { key: 'contact', label: 'Nombre de contacto', children: provider.contactName, span: 2 },
          { key: 'phone', label: 'Teléfono', children: formatPhone(provider.phone) },
          { key: 'mobile', label: 'Celular', children: formatPhone(provider.mobilePhone) },
          { key: 'email', label: 'Correo electrónico', children: dash(provider.email), span: 2 },
          { key: 'address', label: 'Dirección', children: dash(address), span: 2 },
        ]}
      />
      <Descriptions
        title="Condiciones comerciales"
        bordered
        size="small"
        column={2}
        items={[
          {
            key: 'pay',
            label: 'Condiciones de pago',
            children: `${provider.payConditions} días`,
          },
          { key: 'delivery', label: 'Tiempo de entrega', children: dash(provider.deliveryTime) },
          { key: 'bank', label: 'Banco', children: dash(provider.bank), span: 2 },
          { key: 'clabe', label: 'CLABE', children: dash(provider.clabeAccount) },
          { key: 'account', label: 'Cuenta bancaria', children: dash(provider.bankAccount) },
        ]}
      />
    </Flex>
  );
}

const columns = [
  textColumn<Provider>('name', 'Nombre', (provider) => provider.name, {
    sort: true,
    opensDetail: true,
  }),
  textColumn<Provider>('tradename', 'Nombre comercial', (provider) => provider.tradename, {
    sort: true,
  }),
  textColumn<Provider>('rfc', 'RFC', (provider) => provider.rfc, { sort: true, mono: true }),
  tagColumn<Provider>(
    'regime',
    'Régimen',
    (provider) => <RegimeTag regime={provider.regime} />,
    (provider) => provider.regime,
  ),
  tagColumn<Provider>(
    'contact',
    'Contacto',
    (provider) => (
      <Flex vertical>
        <span>{provider.contactName}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <PhoneOutlined /> {formatPhone(provider.mobilePhone)}
          {provider.email && (
            <>
              {'  '}
              <MailOutlined /> {provider.email}
            </>
          )}
        </Typography.Text>
      </Flex>
    ),
    (provider) => provider.contactName,
  ),
  tagColumn<Provider>(
    'pay',
    'Pago',
    (provider) => `${provider.payConditions} días`,
    (provider) => provider.payConditions,
    { align: 'right' },
  ),
];

const rowActions = recordActions<Provider>('/dashboard/proveedores');

/** `/dashboard/proveedores` (spec 001 §2): the detail opens from the name. */
export function ProvidersPage() {
  return (
    <>
      <PageHeader
        title="Proveedores"
        description="Quién surte los productos de la cadena, con sus datos fiscales, de contacto y de pago."
      />
      <ResourceList<Provider>
        listKey={providerKeys.all[0]}
        resource="providers"
        title="Proveedores"
        exportName="proveedores"
        fetchPage={fetchProviderPage}
        rowKey={(provider) => provider.id}
        rowLabel={(provider) => provider.name}
        columns={columns}
        searchFields={[
          { value: 'name', label: 'Nombre' },
          { value: 'tradename', label: 'Nombre comercial' },
          { value: 'rfc', label: 'RFC' },
        ]}
        fixedQuery={{ withDeleted: false }}
        defaultSort={{ field: 'name', order: 'ASC' }}
        rowActions={rowActions}
        remove={removeProvider}
        createPath="/dashboard/proveedores/crear"
        detail={{
          title: () => 'Proveedor',
          width: 720,
          render: (provider) => <ProviderDetail provider={provider} />,
        }}
        emptyText="No hay proveedores con esta búsqueda"
      />
    </>
  );
}
