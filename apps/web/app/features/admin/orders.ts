import type { OrderStatus } from '@sorkhab/shared';

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  awaiting_payment: 'yellow', paid: 'blue', processing: 'indigo', shipped: 'cyan', delivered: 'teal', cancelled: 'gray',
  paid_unfulfillable: 'red', refunded: 'grape',
};
