import { paged } from '../schemas/common.js';
import { BulkOrderStatusResultSchema, BulkOrderStatusSchema, OrderDeskQuerySchema, OrderPrintQuerySchema, OrderPrintSchema } from '../schemas/order-desk.js';
import { OrderSchema } from '../schemas/orders.js';
import { endpointMap } from './define.js';

const admin = { access: 'admin:orders', tags: ['orders'] } as const;

/** The order desk: search and filters, bulk status change, invoices and packing labels. */
export const orderDeskEndpoints = endpointMap({
  'GET /Order/Desk': {
    ...admin, summary: 'Orders by number, mobile or name; by status, Jalali day range (Tehran) and payment provider; newest first',
    query: OrderDeskQuerySchema, response: paged(OrderSchema),
  },
  'POST /Order/BulkStatus': {
    ...admin, summary: 'One status for several orders: each goes through the workflow on its own; the answer says per order what happened',
    body: BulkOrderStatusSchema, response: BulkOrderStatusResultSchema,
  },
  'GET /Order/Print': {
    ...admin, summary: 'What invoices and packing labels print for these orders (shop details, lines, total in words, QR of the number)',
    query: OrderPrintQuerySchema, response: OrderPrintSchema,
  },
});
