import type { OrderStatus } from '@sorkhab/shared';

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  awaiting_payment: 'yellow', cod: 'orange', paid: 'blue', processing: 'indigo', shipped: 'cyan', delivered: 'teal', cancelled: 'gray',
  paid_unfulfillable: 'red', refunded: 'grape',
};

/** The desk's payment filter: the providers an order's money can come through (more join as payment methods are added). */
export const PAYMENT_PROVIDER_LABELS: Record<string, string> = { zarinpal: 'زرین‌پال', fake: 'درگاه آزمایشی', manual: 'کارت به کارت', cod: 'پرداخت در محل' };
