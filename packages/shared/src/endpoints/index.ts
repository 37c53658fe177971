import { auditEndpoints } from './audit.js';
import { cartEndpoints } from './cart.js';
import { catalogEndpoints } from './catalog.js';
import { contentEndpoints } from './content.js';
import { customersEndpoints } from './customers.js';
import { dashboardEndpoints } from './dashboard.js';
import { healthEndpoints } from './health.js';
import { messagesEndpoints } from './messages.js';
import { orderDeskEndpoints } from './order-desk.js';
import { ordersEndpoints } from './orders.js';
import { productDeskEndpoints } from './product-desk.js';
import { returnsEndpoints } from './returns.js';
import { reviewsEndpoints } from './reviews.js';
import { shippingEndpoints } from './shipping.js';
import { suggestEndpoints } from './suggest.js';
import { usersEndpoints } from './users.js';
import { wishlistEndpoints } from './wishlist.js';

export * from './define.js';
export {
  auditEndpoints, cartEndpoints, catalogEndpoints, contentEndpoints, customersEndpoints, dashboardEndpoints, healthEndpoints, messagesEndpoints,
  orderDeskEndpoints, ordersEndpoints, productDeskEndpoints, returnsEndpoints, reviewsEndpoints, shippingEndpoints, suggestEndpoints, usersEndpoints,
  wishlistEndpoints,
};

/** Every endpoint of the API, by `METHOD /Path` (registered under `/api`). */
export const endpoints = {
  ...healthEndpoints,
  ...catalogEndpoints,
  ...productDeskEndpoints,
  ...contentEndpoints,
  ...usersEndpoints,
  ...dashboardEndpoints,
  ...customersEndpoints,
  ...cartEndpoints,
  ...ordersEndpoints,
  ...orderDeskEndpoints,
  ...messagesEndpoints,
  ...suggestEndpoints,
  ...auditEndpoints,
  ...returnsEndpoints,
  ...reviewsEndpoints,
  ...shippingEndpoints,
  ...wishlistEndpoints,
};
export type Endpoints = typeof endpoints;
