import { IdQuerySchema, paged } from '../schemas/common.js';
import {
  RefundTotalsQuerySchema, RefundTotalsSchema, ReturnableSchema, ReturnAdminQuerySchema, ReturnApproveSchema, ReturnCreateSchema,
  ReturnRefundSchema, ReturnRejectSchema, ReturnRequestSchema,
} from '../schemas/returns.js';
import { endpointMap } from './define.js';

const tags = ['returns'] as const;
const customer = { access: 'customer', tags } as const;
const admin = { access: 'admin:orders', tags } as const;

// The photos' bytes (`GET /Return/Photo`, `GET /Return/AdminPhoto`) are not here: they answer an image, not an envelope.
export const returnsEndpoints = endpointMap({
  'GET /Return/Mine': {
    ...customer, summary: 'What the shopper may still return of one of their orders, and their requests for it',
    query: IdQuerySchema, response: ReturnableSchema,
  },
  'POST /Return/Create': {
    ...customer, summary: 'Ask to return items of a delivered order within 7 days (multipart: the fields, `items` as JSON, up to 3 `photos`)',
    form: ReturnCreateSchema, response: ReturnRequestSchema,
  },
  'GET /Return/Admin': { ...admin, query: ReturnAdminQuerySchema, response: paged(ReturnRequestSchema) },
  'GET /Return/AdminById': { ...admin, query: IdQuerySchema, response: ReturnRequestSchema },
  'PUT /Return/Approve': {
    ...admin, summary: 'Approve all or some lines: their units go back to stock once; the refund amount is proposed',
    body: ReturnApproveSchema, response: ReturnRequestSchema,
  },
  'PUT /Return/Reject': { ...admin, summary: 'Reject a request with a note to the shopper', body: ReturnRejectSchema, response: ReturnRequestSchema },
  'PUT /Return/Refund': {
    ...admin, summary: 'Record the refund of an approved request (amount, method, reference, date): the request becomes refunded',
    body: ReturnRefundSchema, response: ReturnRequestSchema,
  },
  'GET /Return/RefundTotals': {
    ...admin, summary: 'Refunded money (count, toman) by refund date, to net out of sales', query: RefundTotalsQuerySchema, response: RefundTotalsSchema,
  },
});
