import { useState } from 'react';
import { Alert, Card, Descriptions, Flex, Skeleton, Table, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { paymentProcessTypeLabels } from '@clinica/domain';
import { LinkButton } from '../../shared/LinkButton';
import { PageHeader } from '../../shared/PageHeader';
import { formatDateTime } from '../../shared/format';
import { usePrivileges } from '../../shared/session/hooks';
import { fetchRateHistory, fetchSetting, settingKeys, type RateEntry } from './api';

/** Pesos per dollar with the four decimals the rate is kept with: `$17.5000`. */
export const formatRate = (rate: number) =>
  `$${rate.toLocaleString('es-MX', { minimumFractionDigits: 4, maximumFractionDigits: 4 })}`;

/** The rate the chain started with is in force since the epoch: it has no date of its own. */
const since = (entry: RateEntry) =>
  entry.effectiveFrom.startsWith('1970-01-01')
    ? 'Valor inicial'
    : formatDateTime(entry.effectiveFrom);

const PAGE_SIZE = 10;

function RateHistory() {
  const [page, setPage] = useState(1);
  const rates = useQuery({
    queryKey: settingKeys.rates(page),
    queryFn: ({ signal }) => fetchRateHistory(page, PAGE_SIZE, signal),
  });
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          Historial del tipo de cambio
        </Typography.Title>
      }
    >
      <Typography.Paragraph type="secondary">
        Cada venta y cada corte usan el tipo de cambio vigente en su momento: el último que entró en
        vigor antes de ella.
      </Typography.Paragraph>
      <Table<RateEntry>
        rowKey="id"
        size="small"
        loading={rates.isLoading}
        dataSource={rates.data?.items ?? []}
        aria-label="Historial del tipo de cambio"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: rates.data?.meta.itemCount ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { key: 'from', title: 'Vigente desde', render: (_, entry) => since(entry) },
          {
            key: 'rate',
            title: 'Tipo de cambio (MXN por dólar)',
            align: 'right',
            render: (_, entry) => formatRate(entry.exchangeRate),
          },
          { key: 'user', title: 'Fijado por', render: (_, entry) => entry.user?.name ?? 'Sistema' },
        ]}
      />
    </Card>
  );
}

/** `/dashboard/configuraciones` (spec 002 §2): the settings, 'Editar', and the rate history. */
export function SettingsPage() {
  const { can } = usePrivileges();
  const setting = useQuery({
    queryKey: settingKeys.record,
    queryFn: ({ signal }) => fetchSetting(signal),
  });

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Configuraciones"
        description="Los valores que usan el punto de venta, los cortes de caja y las comisiones."
        extra={
          can('setting', 'edit') && (
            <LinkButton
              type="primary"
              to="/dashboard/configuraciones/editar"
              icon={<EditOutlined />}
            >
              Editar
            </LinkButton>
          )
        }
      />
      <Card>
        {setting.isError ? (
          <Alert type="warning" showIcon title="No se pudo cargar la configuración" />
        ) : !setting.data ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              {
                key: 'exchangeRate',
                label: 'Tipo de cambio',
                children: `${formatRate(setting.data.exchangeRate)} MXN por dólar`,
              },
              {
                key: 'paymentProcessType',
                label: 'Tipo de proceso de pago',
                children: paymentProcessTypeLabels[setting.data.paymentProcessType],
              },
              {
                key: 'cosmetologyCommissionPercent',
                label: 'Comisión de cosmetología',
                children: `${setting.data.cosmetologyCommissionPercent.toFixed(2)} % del precio de venta`,
              },
            ]}
          />
        )}
      </Card>
      <RateHistory />
    </Flex>
  );
}
