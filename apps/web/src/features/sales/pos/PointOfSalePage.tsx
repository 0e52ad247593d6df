import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Flex, Select, Typography } from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../shared/api/client';
import { LimitedInput } from '../../../shared/form/inputs';
import { PageHeader } from '../../../shared/PageHeader';
import { useBranchOptions, useBranchScope } from '../../../shared/lookups';
import { notifyError, notifySuccessText } from '../../../shared/notify';
import { openOrderTicket } from '../../../shared/sales/tickets';
import { usePrivileges } from '../../../shared/session/hooks';
import { usePageTitle } from '../../../shared/usePageTitle';
import { createOrder, fetchCustomer } from '../api';
import {
  addLine,
  emptyCart,
  isPayKey,
  orderBodyOf,
  PAY_KEY_LABEL,
  removeLine,
  setQuantity,
  type Cart,
} from './cart';
import { CartLines } from './CartLines';
import { CustomerPicker, type PickedCustomer } from './CustomerPicker';
import { ItemPicker } from './ItemPicker';
import { PaymentsPanel } from './PaymentsPanel';
import { SellerPicker } from './SellerPicker';
import { useQuote } from './useQuote';
import './pos.css';

/** The Spanish text of a refusal: the catalogue's message and each field's detail. */
export function refusalText(error: unknown): string {
  if (!(error instanceof Error)) return 'No se pudo calcular la venta';
  const details = isApiError(error) ? error.details.map((detail) => detail.message) : [];
  return details.length > 0 ? details.join(' ') : error.message;
}

const numberParam = (params: URLSearchParams, name: string) => {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : null;
};

/**
 * `/dashboard/ventas-en-sucursal/nueva` (`sales.create`): the point of sale. The customer, what is
 * on sale at the branch now, quantities, a coupon and the payments split across methods; every
 * figure is the server's quote of the cart. F9 (or Ctrl+Enter) pays; the ticket opens on saving.
 * From the agenda it opens with the appointment's customer and treatment (`?appointmentId=…`).
 */
export function PointOfSalePage() {
  usePageTitle('Nueva venta');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { can } = usePrivileges();
  const scope = useBranchScope();
  const branches = useBranchOptions(!scope.fixed);
  const [cart, setCart] = useState<Cart>(() => ({
    ...emptyCart(numberParam(params, 'branchId') ?? (scope.fixed ? scope.branchId : null)),
    appointmentId: numberParam(params, 'appointmentId'),
  }));
  const [customer, setCustomer] = useState<PickedCustomer | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveRefusal, setSaveRefusal] = useState<string | null>(null);
  const body = orderBodyOf(cart);
  const quote = useQuote(body);
  const quoteRefusal = quote.error && body ? refusalText(quote.error) : null;

  // From the agenda: the appointment's customer and treatment are in the cart from the start.
  const prefilled = useRef(false);
  const treatmentId = numberParam(params, 'treatmentId');
  useEffect(() => {
    const customerId = numberParam(params, 'customerId');
    if (prefilled.current || customerId === null) return;
    prefilled.current = true;
    void fetchCustomer(customerId)
      .then((found) => {
        setCustomer(found);
        setCart((current) => ({ ...current, customerId: found.id }));
      })
      .catch(notifyError);
  }, [params]);
  useEffect(() => {
    if (treatmentId === null) return;
    const name = params.get('treatment') ?? 'Tratamiento de la cita';
    setCart((current) =>
      current.lines.some((line) => line.kind === 'treatment' && line.id === treatmentId)
        ? current
        : addLine(current, { kind: 'treatment', id: treatmentId, name, quantity: 1 }),
    );
  }, [treatmentId, params]);

  const pay = useCallback(async () => {
    const sent = orderBodyOf(cart);
    if (!sent || saving) return;
    setSaving(true);
    setSaveRefusal(null);
    try {
      const answer = await createOrder(sent);
      const order = answer.data;
      notifySuccessText(`Venta ${order.folio} registrada`);
      void openOrderTicket(order).catch(notifyError);
      await queryClient.invalidateQueries({ queryKey: ['order'] });
      await queryClient.invalidateQueries({ queryKey: ['customer'] });
      if (cart.appointmentId !== null) {
        await queryClient.invalidateQueries({ queryKey: ['agenda'] });
        navigate('/dashboard/agenda');
        return;
      }
      setCart(emptyCart(cart.branchId));
      setCustomer(null);
    } catch (error) {
      setSaveRefusal(refusalText(error));
    } finally {
      setSaving(false);
    }
  }, [cart, saving, navigate, queryClient]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPayKey(event)) return;
      event.preventDefault();
      void pay();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pay]);

  if (!can('sales', 'create'))
    return <Alert type="warning" showIcon message="Tu rol no puede registrar ventas." />;

  const owed = quote.data?.owed ?? null;
  const ready =
    body !== null && !quote.pending && !quote.error && owed === 0 && !quote.data?.paymentProblem;
  return (
    <>
      <PageHeader
        title="Nueva venta"
        description={`Punto de venta: los precios, el total y el cambio los calcula el sistema. ${PAY_KEY_LABEL} o Ctrl+Enter cobra.`}
      />
      {cart.appointmentId !== null && (
        <Alert
          className="pos__notice"
          type="info"
          showIcon
          message="Cobro de una cita de la agenda: al registrar la venta, la cita queda lista para terminarse."
        />
      )}
      <div className="pos">
        <Card className="pos__cart" title="Venta">
          <Flex vertical gap={16}>
            {!scope.fixed && (
              <Flex vertical gap={6}>
                <label htmlFor="pos-branch" className="pos__label">
                  Sucursal
                </label>
                <Select<number>
                  id="pos-branch"
                  showSearch
                  optionFilterProp="label"
                  autoFocus={cart.branchId === null}
                  aria-describedby={cart.branchId === null ? 'pos-branch-hint' : undefined}
                  placeholder="Elige la sucursal"
                  value={cart.branchId ?? undefined}
                  loading={branches.isLoading}
                  options={(branches.data ?? [])
                    .filter((branch) => !branch.distributionCenter)
                    .map((branch) => ({ value: branch.id, label: branch.name }))}
                  onChange={(branchId) =>
                    setCart({ ...emptyCart(branchId), customerId: cart.customerId })
                  }
                />
                {cart.branchId === null && (
                  <Typography.Text id="pos-branch-hint" type="secondary">
                    Elige primero la sucursal: lo que está a la venta, los precios y los vendedores
                    son los de esa sucursal.
                  </Typography.Text>
                )}
              </Flex>
            )}
            {scope.fixed && (
              <Typography.Text>
                Sucursal: <strong>{scope.branchName}</strong>
              </Typography.Text>
            )}
            <CustomerPicker
              customer={customer}
              autoFocus={scope.fixed}
              onChange={(picked) => {
                setCustomer(picked);
                setCart((current) => ({
                  ...current,
                  customerId: picked?.id ?? null,
                  payments: { ...current.payments, points: null },
                }));
              }}
            />
            <ItemPicker
              branchId={cart.branchId}
              onAdd={(line) => setCart((current) => addLine(current, line))}
            />
            <CartLines
              lines={cart.lines}
              priced={body ? quote.data?.lines : undefined}
              onQuantity={(index, quantity) =>
                setCart((current) => setQuantity(current, index, quantity))
              }
              onRemove={(index) => setCart((current) => removeLine(current, index))}
            />
            <Flex gap={16} wrap>
              <SellerPicker
                branchId={cart.branchId}
                sellerId={cart.sellerId}
                onChange={(sellerId) => setCart((current) => ({ ...current, sellerId }))}
              />
              <Flex vertical gap={6} style={{ flex: '0 1 260px', minWidth: 0 }}>
                <label htmlFor="pos-coupon" className="pos__label">
                  Cupón
                </label>
                <LimitedInput
                  id="pos-coupon"
                  max={15}
                  value={cart.couponCode}
                  placeholder="Código de descuento"
                  onChange={(event) => setCart({ ...cart, couponCode: event.target.value })}
                />
              </Flex>
            </Flex>
          </Flex>
        </Card>
        <Card className="pos__pay" title="Cobro">
          <PaymentsPanel
            payments={cart.payments}
            onChange={(key, amount) =>
              setCart((current) => ({
                ...current,
                payments: { ...current.payments, [key]: amount },
              }))
            }
            references={cart.references}
            onReference={(key, reference) =>
              setCart((current) => ({
                ...current,
                references: { ...current.references, [key]: reference },
              }))
            }
            quote={body ? quote.data : undefined}
            pointsBalance={quote.data?.customerPoints ?? customer?.points ?? 0}
            refusal={saveRefusal ?? quoteRefusal}
          />
          <Button
            type="primary"
            size="large"
            block
            icon={<DollarOutlined />}
            className="pos__charge"
            loading={saving}
            disabled={!ready}
            onClick={() => void pay()}
            aria-keyshortcuts="F9 Control+Enter"
          >
            Cobrar ({PAY_KEY_LABEL})
          </Button>
          {body !== null && owed !== null && owed > 0 && (
            <Typography.Text type="secondary">
              Registra pagos que cubran el total para cobrar.
            </Typography.Text>
          )}
        </Card>
      </div>
    </>
  );
}
