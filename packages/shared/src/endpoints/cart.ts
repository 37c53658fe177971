import { ApplyDiscountSchema, CartAddSchema, CartRemoveQuerySchema, CartSchema, CartSetQuantitySchema } from '../schemas/cart.js';
import { DiscountFormSchema, DiscountListQuerySchema, DiscountSchema, DiscountUpdateSchema } from '../schemas/orders.js';
import { DeleteOrDeactivateSchema, IdQuerySchema, paged } from '../schemas/common.js';
import { endpointMap } from './define.js';

const cart = { access: 'public', tags: ['cart'], response: CartSchema } as const;
const discounts = { access: 'admin:discounts', tags: ['discounts'] } as const;

export const cartEndpoints = endpointMap({
  'GET /Cart': { ...cart, summary: 'The shopper\'s cart (guest or customer)' },
  'POST /Cart/Add': { ...cart, body: CartAddSchema },
  'PUT /Cart/SetQuantity': { ...cart, summary: 'Set a line\'s quantity (0 removes it)', body: CartSetQuantitySchema },
  'DELETE /Cart/Remove': { ...cart, query: CartRemoveQuerySchema },
  'POST /Cart/ApplyDiscount': { ...cart, body: ApplyDiscountSchema },
  'DELETE /Cart/RemoveDiscount': { ...cart },

  'GET /Discount': { ...discounts, query: DiscountListQuerySchema, response: paged(DiscountSchema) },
  'POST /Discount': { ...discounts, body: DiscountFormSchema, response: DiscountSchema },
  'PUT /Discount': { ...discounts, body: DiscountUpdateSchema, response: DiscountSchema },
  'DELETE /Discount': { ...discounts, summary: 'Delete a code (deactivated instead when an order used it)', query: IdQuerySchema, response: DeleteOrDeactivateSchema },
});
