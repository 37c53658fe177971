import { TEST_PAYMENT_PROVIDERS, type Order, type OrderStatus } from '@sorkhab/shared';

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  awaiting_payment: 'yellow', cod: 'orange', paid: 'blue', processing: 'indigo', shipped: 'cyan', delivered: 'teal', cancelled: 'gray',
  paid_unfulfillable: 'red', refunded: 'grape',
};

/** Paid on the built-in fake gateway or Zarinpal's sandbox: marked paid, but no money was taken. */
export const paidInTest = (order: Pick<Order, 'paymentProvider'>) => !!order.paymentProvider && TEST_PAYMENT_PROVIDERS.includes(order.paymentProvider);
