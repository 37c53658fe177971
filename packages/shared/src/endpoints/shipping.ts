import { IdQuerySchema, OkDataSchema } from '../schemas/common.js';
import { OrderSchema } from '../schemas/orders.js';
import {
  MarkPaidSchema, ShipOrderSchema, ShippingMethodFormSchema, ShippingMethodSchema, ShippingMethodUpdateSchema, ShippingQuerySchema,
  ShippingQuoteSchema,
} from '../schemas/shipping.js';
import { z } from 'zod';
import { endpointMap } from './define.js';

const tags = ['shipping'] as const;
const admin = { access: 'admin', tags } as const;

export const shippingEndpoints = endpointMap({
  'GET /Shipping/Quote': {
    access: 'customer', tags, summary: 'The active methods that reach the address, with their fee for the shopper\'s cart and their estimate',
    query: ShippingQuerySchema, response: ShippingQuoteSchema,
  },
  // permission: settings
  'GET /Shipping/Method': { ...admin, summary: 'Every shipping method, active or not', response: z.array(ShippingMethodSchema) },
  // permission: settings
  'POST /Shipping/Method': { ...admin, body: ShippingMethodFormSchema, response: ShippingMethodSchema },
  // permission: settings
  'PUT /Shipping/Method': { ...admin, body: ShippingMethodUpdateSchema, response: ShippingMethodSchema },
  // permission: settings
  'DELETE /Shipping/Method': { ...admin, summary: 'Orders keep their snapshot of the method', query: IdQuerySchema, response: OkDataSchema },
  // permission: orders
  'PUT /Order/Ship': {
    ...admin, summary: 'Mark a processing order shipped with the carrier\'s tracking code (required for post and tipax); the SMS carries it',
    body: ShipOrderSchema, response: OrderSchema,
  },
  // permission: orders
  'PUT /Order/MarkPaid': {
    ...admin, summary: 'Record a payment made outside the gateway (card to card, cash on delivery) with a note; once per order',
    body: MarkPaidSchema, response: OrderSchema,
  },
});
