import { IdQuerySchema, paged, PagingQuerySchema } from '../schemas/common.js';
import {
  CheckoutResultSchema, CheckoutSchema, OrderAdminQuerySchema, OrderSchema, PayOrderResultSchema, PayOrderSchema,
  SetOrderStatusSchema, TrackQuerySchema,
} from '../schemas/orders.js';
import { endpointMap } from './define.js';

const tags = ['orders'] as const;
const customer = { access: 'customer', tags } as const;
const admin = { access: 'admin:orders', tags } as const;

// `GET /Payment/Callback` is not here: it answers a 303 redirect, not an envelope (see orders.routes.ts).
export const ordersEndpoints = endpointMap({
  'POST /Order/Checkout': {
    ...customer, summary: 'Cart → order awaiting payment (stock reserved for 30 minutes) → payment URL',
    body: CheckoutSchema, response: CheckoutResultSchema,
  },
  'POST /Order/Pay': {
    ...customer, summary: 'Another payment attempt for an order still awaiting payment', body: PayOrderSchema, response: PayOrderResultSchema,
  },
  'GET /Order/Mine': { ...customer, query: PagingQuerySchema, response: paged(OrderSchema) },
  'GET /Order/MineById': { ...customer, query: IdQuerySchema, response: OrderSchema },
  'GET /Order/Track': {
    access: 'public', tags, summary: 'Track an order by its number and the recipient\'s or buyer\'s mobile, without login',
    query: TrackQuerySchema, response: OrderSchema,
  },

  'GET /Order/Admin': { ...admin, query: OrderAdminQuerySchema, response: paged(OrderSchema) },
  'GET /Order/AdminById': { ...admin, query: IdQuerySchema, response: OrderSchema },
  'PUT /Order/SetStatus': {
    ...admin,
    summary: 'Move an order along its workflow (allowed transitions only; `from`: the status the admin saw; audit-logged with the note)',
    body: SetOrderStatusSchema, response: OrderSchema,
  },
});
