import { useRef, useState } from 'react';
import { Button, Flex, InputNumber, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { RefSelectProps } from 'antd/es/select';
import type { CartLine } from './cart';
import { useSaleItems } from './saleItems';

export interface SaleItem {
  kind: CartLine['kind'];
  id: number;
  name: string;
  /** What the list says of it (type, SKU); the price the cart shows comes from the quote. */
  detail: string;
}

const keyOf = (item: Pick<SaleItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/**
 * 'Concepto' and 'Cantidad': what is typed in 'Concepto' is searched on the server (every active
 * treatment can be found, not only the first page); choosing an item moves to its quantity, and
 * Enter there adds the line and comes back to the item, so a cart is typed without the mouse.
 */
export function ItemPicker({
  branchId,
  onAdd,
}: {
  branchId: number | null;
  onAdd: (line: CartLine) => void;
}) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<SaleItem | null>(null);
  const [quantity, setQuantity] = useState<number | null>(1);
  const itemRef = useRef<RefSelectProps>(null);
  const { items, loading, searching } = useSaleItems(branchId, text);
  // The chosen item stays offered (and named) once the search that found it is gone.
  const offered =
    chosen && !items.some((item) => keyOf(item) === keyOf(chosen)) ? [chosen, ...items] : items;

  function add() {
    if (!chosen || !quantity || quantity < 1) return;
    onAdd({ kind: chosen.kind, id: chosen.id, name: chosen.name, quantity: Math.trunc(quantity) });
    setChosen(null);
    setQuantity(1);
    itemRef.current?.focus();
  }

  const group = (kind: SaleItem['kind'], label: string) => ({
    label,
    title: label,
    options: offered
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
          filterOption={false}
          searchValue={text}
          onSearch={setText}
          placeholder="Tratamiento, paquete o promoción a la venta"
          loading={loading || searching}
          value={chosen ? keyOf(chosen) : null}
          options={[
            group('package', 'Paquetes y promociones a la venta'),
            group('treatment', 'Tratamientos'),
          ].filter((entry) => entry.options.length > 0)}
          notFoundContent={searching ? 'Buscando…' : 'Nada a la venta con ese nombre'}
          onChange={(value) => {
            setChosen(offered.find((item) => keyOf(item) === value) ?? null);
            setText('');
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
