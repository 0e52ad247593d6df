import { useRef, useState } from 'react';
import { Button, Flex, InputNumber, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { RefSelectProps } from 'antd/es/select';
import type { CartLine } from './cart';

export interface SaleItem {
  kind: CartLine['kind'];
  id: number;
  name: string;
  /** What the list says of it (type, SKU); the price the cart shows comes from the quote. */
  detail: string;
}

const keyOf = (item: Pick<SaleItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/**
 * 'Concepto' and 'Cantidad': choosing an item moves to its quantity, and Enter there adds the line
 * and comes back to the item, so a cart is typed without the mouse.
 */
export function ItemPicker({
  items,
  loading,
  onAdd,
}: {
  items: SaleItem[];
  loading: boolean;
  onAdd: (line: CartLine) => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | null>(1);
  const itemRef = useRef<RefSelectProps>(null);

  function add() {
    const item = items.find((candidate) => keyOf(candidate) === chosen);
    if (!item || !quantity || quantity < 1) return;
    onAdd({ kind: item.kind, id: item.id, name: item.name, quantity: Math.trunc(quantity) });
    setChosen(null);
    setQuantity(1);
    itemRef.current?.focus();
  }

  const group = (kind: SaleItem['kind'], label: string) => ({
    label,
    title: label,
    options: items
      .filter((item) => item.kind === kind)
      .map((item) => ({ value: keyOf(item), label: `${item.name} · ${item.detail}` })),
  });

  return (
    <Flex gap={8} wrap align="flex-end" className="pos__add">
      <Flex vertical gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
        <label htmlFor="pos-item" className="pos__label">
          Concepto
        </label>
        <Select<string>
          id="pos-item"
          ref={itemRef}
          showSearch
          optionFilterProp="label"
          placeholder="Tratamiento, paquete o promoción a la venta"
          loading={loading}
          value={chosen}
          options={[
            group('package', 'Paquetes y promociones a la venta'),
            group('treatment', 'Tratamientos'),
          ]}
          notFoundContent="Nada a la venta con ese nombre"
          onChange={(value) => {
            setChosen(value);
            setTimeout(() => document.getElementById('pos-quantity')?.focus(), 0);
          }}
        />
      </Flex>
      <Flex vertical gap={6} style={{ width: 110 }}>
        <label htmlFor="pos-quantity" className="pos__label">
          Cantidad
        </label>
        <InputNumber<number>
          id="pos-quantity"
          min={1}
          max={100}
          precision={0}
          value={quantity}
          onChange={setQuantity}
          onPressEnter={(event) => {
            event.preventDefault();
            add();
          }}
          style={{ width: '100%' }}
        />
      </Flex>
      <Button icon={<PlusOutlined />} onClick={add} disabled={!chosen}>
        Agregar
      </Button>
    </Flex>
  );
}
