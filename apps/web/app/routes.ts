import { type RouteConfig, layout } from '@react-router/dev/routes';
import { accountRoutes } from './routes/account/routes';
import { adminRoutes } from './routes/admin/routes';
import { storeRoutes } from './routes/store/routes';

/** Every URL of the shop (spec section 2): storefront and account pages share the shop layout. */
export default [
  layout('routes/store/layout.tsx', [...storeRoutes, ...accountRoutes]),
  ...adminRoutes,
] satisfies RouteConfig;
