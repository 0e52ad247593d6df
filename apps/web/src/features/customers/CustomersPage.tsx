import { Flex, Modal, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { GENDERS } from '@clinica/domain';
import { PageHeader } from '../../shared/PageHeader';
import { ResourceList } from '../../shared/list/ResourceList';
import { tagColumn, textColumn } from '../../shared/list/columns';
import { recordActions, rowAction } from '../../shared/list/rowActions';
import { formatLocalDate } from '../../shared/format';
import { notifyError, notifySuccess } from '../../shared/notify';
import { formatPhone } from '../../shared/phone';
import { ActiveTag, ToneTag } from '../../shared/Tone';
import {
  clearCancellations,
  customerKeys,
  fetchCustomerPage,
  removeCustomer,
  type Customer,
} from './api';
import { CustomerDetail } from './CustomerDetail';

export const fullName = (customer: Pick<Customer, 'name' | 'lastName' | 'motherLastName'>) =>
  [customer.name, customer.lastName, customer.motherLastName].filter(Boolean).join(' ');

export function BlackListTag({ customer }: { customer: Customer }) {
  return customer.blackList === 1 ? (
    <ToneTag tone="red">Lista negra</ToneTag>
  ) : (
    <ToneTag tone="green">Regular</ToneTag>
  );
}

const columns = [
  textColumn<Customer>('customerId', 'No. cliente', (c) => c.customerId, {
    sort: true,
    mono: true,
  }),
  textColumn<Customer>('name', 'Nombre', fullName, { sort: true, opensDetail: true }),
  textColumn<Customer>('mobilePhone', 'Celular', (c) => formatPhone(c.mobilePhone) || '—', {
    whole: true,
  }),
  textColumn<Customer>('email', 'Correo electrónico', (c) => c.email ?? '—'),
  textColumn<Customer>('birthday', 'Fecha de nacimiento', (c) => formatLocalDate(c.birthday), {
    sort: true,
  }),
  textColumn<Customer>('registryBranch', 'Sucursal de registro', (c) => c.registryBranch.name),
  textColumn<Customer>('points', 'Puntos', (c) => c.points, { sort: true }),
  textColumn<Customer>('cancellations', 'Cancelaciones', (c) => c.cancellations, { sort: true }),
  tagColumn<Customer>(
    'blackList',
    'Lista negra',
    (c) => <BlackListTag customer={c} />,
    (c) => (c.blackList === 1 ? 'Lista negra' : 'Regular'),
  ),
  tagColumn<Customer>(
    'status',
    'Estatus',
    (c) => <ActiveTag active={c.status} />,
    (c) => (c.status ? 'Activo' : 'Inactivo'),
  ),
];

/** `/dashboard/clientes` (spec 002 §2): 5 per page; the detail opens from the name. */
export function CustomersPage() {
  const [modal, holder] = Modal.useModal();
  const queryClient = useQueryClient();
  const clear = (customer: Customer) =>
    modal.confirm({
      title: '¿Deseas limpiar las cancelaciones este cliente?',
      okText: 'Limpiar',
      cancelText: 'Cancelar',
      onOk: async () => {
        try {
          const answer = await clearCancellations(customer);
          notifySuccess(answer.status, answer.code);
          await queryClient.invalidateQueries({ queryKey: customerKeys.all });
        } catch (error) {
          notifyError(error);
        }
      },
    });
  const rowActions = [
    ...recordActions<Customer>('/dashboard/clientes'),
    rowAction<Customer>('unban', 'Desbanear', 'unban', <ClearOutlined />, {
      onSelect: clear,
      visible: (customer) => customer.cancellations > 0,
    }),
  ];
  return (
    <>
      {holder}
      <PageHeader
        title="Clientes"
        description="Los clientes de la cadena: datos, tutores, notas, cancelaciones y lista negra."
      />
      <ResourceList<Customer>
        listKey={customerKeys.all[0]}
        resource="clients"
        title="Clientes"
        exportName="clientes"
        fetchPage={fetchCustomerPage}
        rowKey={(customer) => customer.id}
        rowLabel={fullName}
        columns={columns}
        searchFields={[
          { value: 'name', label: 'Nombre' },
          { value: 'mobilePhone', label: 'Celular' },
          { value: 'email', label: 'Correo electrónico' },
          { value: 'phone', label: 'Teléfono' },
          { value: 'customerId', label: 'No. cliente' },
        ]}
        filters={[
          {
            kind: 'select',
            name: 'blackList',
            label: 'Lista negra',
            options: [
              { value: '0', label: 'Regular' },
              { value: '1', label: 'Lista negra' },
            ],
          },
          {
            kind: 'select',
            name: 'isTutor',
            label: 'Tutor',
            options: [
              { value: '1', label: 'Es tutor' },
              { value: '0', label: 'No es tutor' },
            ],
          },
          {
            kind: 'select',
            name: 'gender',
            label: 'Género',
            options: GENDERS.map((gender) => ({ value: gender, label: gender })),
          },
        ]}
        fixedQuery={{ withDeleted: false }}
        defaultSort={{ field: 'customerId', order: 'DESC' }}
        defaultTake={5}
        rowActions={rowActions}
        remove={removeCustomer}
        createPath="/dashboard/clientes/crear"
        detail={{
          title: (customer) => `Cliente ${customer.customerId}`,
          width: 860,
          render: (customer) => <CustomerDetail customer={customer} />,
        }}
        emptyText="No hay clientes con esta búsqueda"
      />
      <Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Los teléfonos se muestran con el formato (000)000-0000.
        </Typography.Text>
      </Flex>
    </>
  );
}
