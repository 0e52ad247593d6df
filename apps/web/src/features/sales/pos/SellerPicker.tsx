import { Flex, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { fullNameOf } from '../../../shared/people';
import { fetchSellers } from '../api';

/**
 * 'Vendedor' (optional, empty by default): a medic or cosmetologist of the branch named as the
 * sale's seller (`sellerId`; CONTRACT §12). Without a branch there is nobody to offer yet.
 */
export function SellerPicker({
  branchId,
  sellerId,
  onChange,
}: {
  branchId: number | null;
  sellerId: number | null;
  onChange: (sellerId: number | null) => void;
}) {
  const sellers = useQuery({
    queryKey: ['user', 'sellers', branchId],
    queryFn: ({ signal }) => fetchSellers(branchId!, signal),
    enabled: branchId !== null,
    staleTime: 5 * 60_000,
  });
  type Person = { id: number; name: string; lastName: string; motherLastName: string };
  const group = (label: string, people: Person[]) => ({
    label,
    title: label,
    options: people.map((person) => ({ value: person.id, label: fullNameOf(person) })),
  });
  const options = sellers.data
    ? [
        group('Médicos', sellers.data.doctors),
        group('Cosmetólogas', sellers.data.cosmetologists),
      ].filter((entry) => entry.options.length > 0)
    : [];
  return (
    <Flex vertical gap={6} style={{ flex: '1 1 240px', minWidth: 0 }}>
      <label htmlFor="pos-seller" className="pos__label">
        Vendedor <span className="pos__hint">(opcional)</span>
      </label>
      <Select<number>
        id="pos-seller"
        showSearch
        allowClear
        optionFilterProp="label"
        placeholder={branchId === null ? 'Elige primero la sucursal' : 'Sin vendedor'}
        disabled={branchId === null}
        loading={sellers.isLoading}
        value={sellerId ?? undefined}
        options={options}
        notFoundContent="Sin médicos ni cosmetólogas en la sucursal"
        onChange={(value) => onChange(value ?? null)}
      />
    </Flex>
  );
}
