import { useState } from 'react';
import { Alert, Button, Flex, Select, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { customerRoutes } from '@clinica/domain';
import { fullNameOf } from '../../../shared/people';
import { usePrivileges } from '../../../shared/session/hooks';
import { searchCustomers } from '../api';
import { NewCustomerModal } from './NewCustomerModal';
import { useDebounced } from './useDebounced';

export interface PickedCustomer {
  id: number;
  customerId: number;
  name: string;
  lastName: string;
  motherLastName: string | null;
  mobilePhone: string | null;
  points: number;
  status: boolean;
  blackList: number;
}

/**
 * 'Cliente': searched on the server as one types (name, mobile, e-mail or number); 'Nuevo cliente'
 * registers one in a dialog without leaving the sale.
 */
export function CustomerPicker({
  customer,
  onChange,
  autoFocus,
}: {
  customer: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  autoFocus?: boolean;
}) {
  const { canCall } = usePrivileges();
  const [text, setText] = useState('');
  const [creating, setCreating] = useState(false);
  const search = useDebounced(text, 250);
  const found = useQuery({
    queryKey: ['customer', 'pos-search', search],
    queryFn: ({ signal }) => searchCustomers(search, signal),
    enabled: canCall(customerRoutes.list),
    placeholderData: (previous) => previous,
  });
  const rows = found.data ?? [];
  const options = rows.map((row) => ({
    value: row.id,
    label: `${fullNameOf(row)} · no. ${row.customerId}${row.mobilePhone ? ` · ${row.mobilePhone}` : ''}`,
  }));
  if (customer && !rows.some((row) => row.id === customer.id))
    options.unshift({
      value: customer.id,
      label: `${fullNameOf(customer)} · no. ${customer.customerId}`,
    });

  return (
    <Flex vertical gap={6}>
      <label htmlFor="pos-customer" className="pos__label">
        Cliente
      </label>
      <Flex gap={8}>
        <Select<number>
          id="pos-customer"
          style={{ flex: 1, minWidth: 0 }}
          showSearch
          allowClear
          autoFocus={autoFocus}
          filterOption={false}
          placeholder="Nombre, celular, correo o número de cliente"
          value={customer?.id}
          options={options}
          loading={found.isFetching}
          notFoundContent={found.isFetching ? 'Buscando…' : 'Sin clientes con ese dato'}
          onSearch={setText}
          onChange={(id) => {
            const row = rows.find((candidate) => candidate.id === id);
            onChange(row ?? (id === customer?.id ? customer : null));
          }}
        />
        {canCall(customerRoutes.create) && (
          <Button icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
            Nuevo cliente
          </Button>
        )}
      </Flex>
      {customer && (
        <Typography.Text type="secondary">
          Puntos disponibles: <strong>{customer.points}</strong>
        </Typography.Text>
      )}
      {customer && (customer.blackList === 1 || !customer.status) && (
        <Alert
          type="warning"
          showIcon
          message={
            customer.blackList === 1
              ? 'El cliente está en la lista negra: no se le puede vender.'
              : 'El cliente está inactivo: no se le puede vender.'
          }
        />
      )}
      <NewCustomerModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => {
          setCreating(false);
          onChange(created);
        }}
      />
    </Flex>
  );
}
