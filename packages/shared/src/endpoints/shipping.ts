import { IdQuerySchema, OkDataSchema } from '../schemas/common.js';
import { OrderSchema } from '../schemas/orders.js';
import {
  MarkPaidSchema, ShipOrderSchema, ShippingMethodFormSchema, ShippingMethodSchema, ShippingMethodUpdateSchema, ShippingQuerySchema,
  ShippingQuoteSchema,
} from '../schemas/shipping.js';
import { z } from 'zod';
import { endpointMap } from './define.js';

const tags = ['shipping'] as const;
const settings = { access: 'admin:settings', tags } as const;
const ordersDesk = { access: 'admin:orders', tags } as const;

export const shippingEndpoints = endpointMap({
  'GET /Shipping/Quote': {
    access: 'customer', tags, summary: 'The active methods that reach the address, with their fee for the shopper\'s cart and their estimate',
    query: ShippingQuerySchema, response: ShippingQuoteSchema,
  },
  'GET /Shipping/Method': { ...settings, summary: 'Every shipping method, active or not', response: z.array(ShippingMethodSchema) },
  'POST /Shipping/Method': { ...settings, body: ShippingMethodFormSchema, response: ShippingMethodSchema },
  'PUT /Shipping/Method': { ...settings, body: ShippingMethodUpdateSchema, response: ShippingMethodSchema },
  'DELETE /Shipping/Method': { ...settings, summary: 'Orders keep their snapshot of the method', query: IdQuerySchema, response: OkDataSchema },
  'PUT /Order/Ship': {
    ...ordersDesk, summary: 'Mark a processing order shipped with the carrier\'s tracking code (required for post and tipax); the SMS carries it',
    body: ShipOrderSchema, response: OrderSchema,
  },
  'PUT /Order/MarkPaid': {
    ...ordersDesk, summary: 'Record a payment made outside the gateway (card to card, cash on delivery) with a note; once per order',
    body: MarkPaidSchema, response: OrderSchema,
  },
});
