import { describe, expect, it } from 'vitest';
import { orderBody } from '@clinica/domain';
import { addLine, emptyCart, isPayKey, orderBodyOf, removeLine, setQuantity } from './cart';

const facial = { kind: 'treatment' as const, id: 7, name: 'Facial', quantity: 1 };
const pack = { kind: 'package' as const, id: 3, name: 'Paquete láser', quantity: 2 };

describe('the point of sale cart', () => {
  it('sends no seller when none was chosen', () => {
    const body = orderBodyOf({ ...addLine(emptyCart(1), facial), customerId: 9 });
    expect(body).not.toHaveProperty('sellerId');
  });

  it('is not priced until it has a branch, a customer and a line', () => {
    expect(orderBodyOf(emptyCart())).toBeNull();
    expect(orderBodyOf({ ...emptyCart(1), lines: [facial] })).toBeNull();
    expect(orderBodyOf({ ...emptyCart(1), customerId: 9 })).toBeNull();
  });

  it('maps lines, seller, coupon, appointment and the payments typed into the create body', () => {
    const cart = {
      ...addLine(addLine(emptyCart(1), facial), pack),
      customerId: 9,
      sellerId: 12,
      couponCode: ' verano10 ',
      appointmentId: 44,
      payments: { cash: 500, dollars: 20, credit: 0, points: null, debit: 120.5, transfer: 80 },
      // A reference is sent only beside a card, transfer or deposit that was paid; blanks are not.
      references: { cash: 'A1', credit: 'ignorada', debit: ' 778812 ', transfer: '  ' },
    };
    const body = orderBodyOf(cart);
    expect(body).toEqual({
      origin: 'SUCURSAL',
      branchId: 1,
      customerId: 9,
      sellerId: 12,
      couponCode: 'VERANO10',
      appointmentId: 44,
      orderDetails: [
        { treatmentId: 7, quantity: 1 },
        { packageId: 3, quantity: 2 },
      ],
      payments: [
        { paymentMethod: 'Efectivo', currency: 'MXN', amount: 500 },
        { paymentMethod: 'Efectivo', currency: 'DLS', amount: 20 },
        {
          paymentMethod: 'Tarjeta de débito',
          currency: 'MXN',
          amount: 120.5,
          reference: '778812',
        },
        { paymentMethod: 'Transferencia electrónica', currency: 'MXN', amount: 80 },
      ],
    });
    // The body is one the server's own schema accepts (appointmentId aside, added by the API).
    const { appointmentId: _, ...plain } = body!;
    expect(orderBody.safeParse(plain).success).toBe(true);
  });

  it('adds to the quantity of an item already in the cart, and keeps quantities whole', () => {
    let cart = addLine(addLine(emptyCart(1), facial), { ...facial, quantity: 2 });
    expect(cart.lines).toEqual([{ ...facial, quantity: 3 }]);
    cart = setQuantity(cart, 0, 0);
    expect(cart.lines[0]!.quantity).toBe(3);
    cart = setQuantity(cart, 0, 1.5);
    expect(cart.lines[0]!.quantity).toBe(3);
    cart = setQuantity(cart, 0, 5);
    expect(cart.lines[0]!.quantity).toBe(5);
    expect(removeLine(cart, 0).lines).toEqual([]);
  });

  it('pays with F9 or Ctrl+Enter, never with a plain Enter', () => {
    expect(isPayKey({ key: 'F9', ctrlKey: false, metaKey: false })).toBe(true);
    expect(isPayKey({ key: 'Enter', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isPayKey({ key: 'Enter', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isPayKey({ key: 'Enter', ctrlKey: false, metaKey: false })).toBe(false);
  });
});
