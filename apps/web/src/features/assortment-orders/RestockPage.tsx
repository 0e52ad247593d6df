import { Navigate } from 'react-router';
import { Alert, Card, Flex, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { LinkButton } from '../../shared/LinkButton';
import { PageHeader } from '../../shared/PageHeader';
import { useRecordId } from '../../shared/form/useRecordId';
import { assortmentOrderKeys, fetchAssortmentOrder, folioOf } from './api';
import { AssortmentOrderDetail } from './AssortmentOrderDetail';
import { RESTOCKS } from './RestocksPage';

/**
 * `/dashboard/resurtidos/{id}`: one restock, read-only (its steps are taken in the assortment
 * order's form); `/resurtidos/crear` is the assortment order's create.
 */
export function RestockPage() {
  const address = useRecordId();
  const creating = !address.editing;
  const id = address.id ?? 0;
  const valid = !creating && !address.invalid;
  const record = useQuery({
    queryKey: assortmentOrderKeys.detail(id),
    queryFn: ({ signal }) => fetchAssortmentOrder(id, signal),
    enabled: !creating && valid,
  });
  if (creating) return <Navigate to="/dashboard/ordenes-de-surtido/crear" replace />;
  const back = (
    <LinkButton to={RESTOCKS} icon={<ArrowLeftOutlined />}>
      Volver a la lista
    </LinkButton>
  );
  const order = record.data;
  return (
    <>
      <PageHeader
        title={order ? `Resurtido ${folioOf(order)}` : 'Resurtido'}
        description="Lo que la sucursal pidió al CEDIS, los lotes que se enviaron y lo que se recibió."
      />
      <Card>
        {!valid || record.isError ? (
          <Alert type="error" showIcon title="No se encontró el resurtido" action={back} />
        ) : !order ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <Flex vertical gap={24}>
            <AssortmentOrderDetail order={order} />
            <div>{back}</div>
          </Flex>
        )}
      </Card>
    </>
  );
}
