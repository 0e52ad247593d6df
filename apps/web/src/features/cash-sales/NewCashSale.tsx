import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Input, InputNumber, Modal, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SALE_PAYMENT_METHODS, formatMoney, type CashOrderLot } from '@clinica/domain';
import { useBranchOptions, useBranchScope } from '../../shared/lookups';
import { notifySuccess } from '../../shared/notify';
import { fullNameOf } from '../../shared/people';
import {
  cashOrderKeys,
  createCashOrder,
  fetchLots,
  fetchSellers,
  quoteCashOrder,
  searchCustomers,
  type CashOrderBody,
} from './api';
import { QuoteTotals } from './QuoteTotals';
import { lotLabel, newLine, problemOf, type Line, type Payment } from './saleForm';

/**
 * 'Nueva venta de productos' (CONTRACT §12, `sales.create`): the branch's products and, for each,
 * its lot (the soonest expiry suggested first), quantities, the seller, an optional customer and
 * coupon, and the payments. Every figure shown is the server's quote; the sale is the same body.
 */
export function NewCashSale({ open, onClose }: { open: boolean; onClose: () => void }) {
  const scope = useBranchScope();
  const branches = useBranchOptions(!scope.fixed && open);
  const queryClient = useQueryClient();
  const [branchId, setBranchId] = useState<number | null>(scope.fixed ? scope.branchId : null);
  const [sellerId, setSellerId] = useState<number | null>(null);
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [customerText, setCustomerText] = useState('');
  const [couponCode, setCouponCode] = useState('');
  const [lines, setLines] = useState<Line[]>([newLine()]);
  const [payments, setPayments] = useState<Payment[]>([
    { paymentMethod: 'Efectivo', amount: null },
  ]);

  const lots = useQuery({
    queryKey: cashOrderKeys.lots(branchId),
    queryFn: ({ signal }) => fetchLots(branchId!, signal),
    enabled: open && branchId !== null,
  });
  const sellers = useQuery({
    queryKey: ['user', 'cash-sellers', branchId],
    queryFn: ({ signal }) => fetchSellers(branchId!, signal),
    enabled: open && branchId !== null,
  });
  const customers = useQuery({
    queryKey: ['customer', 'search', customerText],
    queryFn: ({ signal }) => searchCustomers(customerText, signal),
    enabled: open,
  });
  const products = useMemo(() => {
    const seen = new Map<number, CashOrderLot['product']>();
    for (const lot of lots.data ?? []) seen.set(lot.product.id, lot.product);
    return [...seen.values()];
  }, [lots.data]);

  const body: CashOrderBody | null =
    branchId !== null && sellerId !== null && lines.every((line) => line.stockId !== null)
      ? {
          branchId,
          sellerId,
          customerId,
          couponCode: couponCode.trim() || null,
          cashOrderDetails: lines.map((line) => ({
            stockId: line.stockId!,
            quantity: line.quantity,
          })),
          payments: payments
            .filter((payment) => payment.amount !== null && payment.amount > 0)
            .map((payment) => ({ ...payment, amount: payment.amount!, currency: 'MXN' as const })),
        }
      : null;
  const quote = useQuery({
    queryKey: cashOrderKeys.quote(body),
    queryFn: ({ signal }) => quoteCashOrder(body!, signal),
    enabled: open && body !== null,
    retry: false,
  });
  const sale = useMutation({
    mutationFn: createCashOrder,
    onSuccess: async (answer) => {
      notifySuccess(answer.status, answer.code);
      await queryClient.invalidateQueries({ queryKey: ['cash-order'] });
      await queryClient.invalidateQueries({ queryKey: ['stock'] });
      close();
    },
  });

  function close() {
    setLines([newLine()]);
    setPayments([{ paymentMethod: 'Efectivo', amount: null }]);
    setCouponCode('');
    setCustomerId(null);
    sale.reset();
    onClose();
  }
  const setLine = (key: number, change: Partial<Line>) =>
    setLines((current) =>
      current.map((line) => (line.key === key ? { ...line, ...change } : line)),
    );
  const ready = quote.data !== undefined && quote.data.paymentProblem === null;

  return (
    <Modal
      open={open}
      title="Nueva venta de productos"
      width={1150}
      okText="Cobrar"
      cancelText="Cancelar"
      okButtonProps={{ disabled: !ready || body === null, loading: sale.isPending }}
      onOk={() => body && sale.mutate(body)}
      onCancel={close}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Flex gap={12} wrap>
          {!scope.fixed && (
            <Select<number>
              id="cash-branch"
              aria-label="Sucursal"
              style={{ minWidth: 220 }}
              placeholder="Sucursal"
              value={branchId ?? undefined}
              options={(branches.data ?? [])
                .filter((branch) => !branch.distributionCenter)
                .map((branch) => ({ value: branch.id, label: branch.name }))}
              onChange={(value) => {
                setBranchId(value);
                setSellerId(null);
                setLines([newLine()]);
              }}
            />
          )}
          <Select<number>
            id="cash-seller"
            aria-label="Vendedor"
            style={{ minWidth: 260 }}
            placeholder="Vendedor"
            showSearch
            optionFilterProp="label"
            value={sellerId ?? undefined}
            options={(sellers.data ?? []).map((person) => ({
              value: person.id,
              label: fullNameOf(person),
            }))}
            onChange={setSellerId}
          />
          <Select<number>
            id="cash-customer"
            aria-label="Cliente (opcional)"
            style={{ minWidth: 280 }}
            placeholder="Cliente (opcional)"
            showSearch
            allowClear
            filterOption={false}
            onSearch={setCustomerText}
            value={customerId ?? undefined}
            options={(customers.data ?? []).map((person) => ({
              value: person.id,
              label: `${fullNameOf(person)} (${person.customerId})`,
            }))}
            onChange={(value) => setCustomerId(value ?? null)}
          />
          <Input
            id="cash-coupon"
            aria-label="Cupón"
            placeholder="Cupón"
            style={{ width: 160 }}
            value={couponCode}
            onChange={(event) => setCouponCode(event.target.value)}
          />
        </Flex>
        {lines.map((line, index) => {
          const productLots = (lots.data ?? []).filter((lot) => lot.product.id === line.productId);
          return (
            <Flex key={line.key} gap={8} wrap align="center">
              <Select<number>
                id={`cash-product-${index}`}
                aria-label={`Producto ${index + 1}`}
                style={{ minWidth: 300 }}
                placeholder="Producto"
                showSearch
                optionFilterProp="label"
                value={line.productId ?? undefined}
                options={products.map((item) => ({
                  value: item.id,
                  label: `${item.name} (${item.sku}) · ${formatMoney(item.salePrice)}`,
                }))}
                onChange={(productId) =>
                  setLine(line.key, {
                    productId,
                    // The soonest expiry first (FEFO): the server answers them in that order.
                    stockId:
                      (lots.data ?? []).find((lot) => lot.product.id === productId)?.stockId ??
                      null,
                  })
                }
              />
              <Select<number>
                id={`cash-lot-${index}`}
                aria-label={`Lote ${index + 1}`}
                style={{ minWidth: 320 }}
                placeholder="Lote"
                value={line.stockId ?? undefined}
                options={productLots.map((lot) => ({ value: lot.stockId, label: lotLabel(lot) }))}
                onChange={(stockId) => setLine(line.key, { stockId })}
              />
              <InputNumber
                id={`cash-quantity-${index}`}
                aria-label={`Cantidad ${index + 1}`}
                min={1}
                max={1000}
                precision={0}
                value={line.quantity}
                onChange={(value) => setLine(line.key, { quantity: value ?? 1 })}
              />
              <Button
                aria-label={`Quitar producto ${index + 1}`}
                icon={<DeleteOutlined />}
                disabled={lines.length === 1}
                onClick={() =>
                  setLines((current) => current.filter((item) => item.key !== line.key))
                }
              />
            </Flex>
          );
        })}
        <Button
          icon={<PlusOutlined />}
          onClick={() => setLines((current) => [...current, newLine()])}
        >
          Agregar producto
        </Button>
        {payments.map((payment, index) => (
          <Flex key={index} gap={8} align="center">
            <Select
              aria-label={`Método de pago ${index + 1}`}
              style={{ minWidth: 220 }}
              value={payment.paymentMethod}
              options={SALE_PAYMENT_METHODS.map((method) => ({ value: method, label: method }))}
              onChange={(paymentMethod) =>
                setPayments((current) =>
                  current.map((item, at) => (at === index ? { ...item, paymentMethod } : item)),
                )
              }
            />
            <InputNumber
              id={`cash-amount-${index}`}
              aria-label={`Monto ${index + 1}`}
              min={0}
              precision={2}
              placeholder="Monto"
              value={payment.amount}
              onChange={(amount) =>
                setPayments((current) =>
                  current.map((item, at) => (at === index ? { ...item, amount } : item)),
                )
              }
            />
          </Flex>
        ))}
        <Button
          onClick={() =>
            setPayments((current) => [...current, { paymentMethod: 'Efectivo', amount: null }])
          }
        >
          Agregar pago
        </Button>
        {quote.error && (
          <Alert type="error" showIcon role="alert" message={problemOf(quote.error)} />
        )}
        {sale.error && <Alert type="error" showIcon role="alert" message={problemOf(sale.error)} />}
        {quote.data && <QuoteTotals quote={quote.data} />}
        {quote.data?.paymentProblem && (
          <Alert type="warning" showIcon message={quote.data.paymentProblem.message} />
        )}
      </Flex>
    </Modal>
  );
}
