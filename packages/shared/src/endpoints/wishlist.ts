import { IdQuerySchema, OkDataSchema } from '../schemas/common.js';
import {
  StockAlertCountSchema, StockAlertSchema, StockAlertSubscribeSchema, WishlistIdsSchema, WishlistProductSchema, WishlistRemoveQuerySchema,
  WishlistSchema,
} from '../schemas/wishlist.js';
import { endpointMap } from './define.js';

const tags = ['wishlist'] as const;
const customer = { access: 'customer', tags } as const;

export const wishlistEndpoints = endpointMap({
  'GET /Wishlist/Ids': {
    ...customer, summary: 'The shopper\'s saved product ids and waits: the hearts and «خبرم کن» buttons of cached pages, filled in after load',
    response: WishlistIdsSchema,
  },
  'GET /Wishlist': { ...customer, summary: 'Saved products and waits, with their cards (products no longer on the storefront left out)', response: WishlistSchema },
  'POST /Wishlist/Add': { ...customer, summary: 'Save a product (idempotent: saving it again changes nothing)', body: WishlistProductSchema, response: OkDataSchema },
  'DELETE /Wishlist/Remove': { ...customer, summary: 'Remove a saved product (idempotent)', query: WishlistRemoveQuerySchema, response: OkDataSchema },
  'POST /StockAlert/Subscribe': {
    ...customer, summary: 'Wait for an out-of-stock product or variant: one SMS to the shopper\'s mobile when it is back (idempotent)',
    body: StockAlertSubscribeSchema, response: StockAlertSchema,
  },
  'DELETE /StockAlert/Cancel': { ...customer, summary: 'Stop waiting (the shopper\'s own wait only)', query: IdQuerySchema, response: OkDataSchema },
  'GET /StockAlert/Count': {
    access: 'admin:catalog', tags, summary: 'Shoppers waiting for a product to be back in stock, in all and per variant', query: IdQuerySchema,
    response: StockAlertCountSchema,
  },
});
