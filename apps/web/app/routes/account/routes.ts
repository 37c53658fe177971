import { index, route, type RouteConfigEntry } from '@react-router/dev/routes';

/** Login, cart, checkout, profile and order tracking pages (inside the shop layout). */
export const accountRoutes: RouteConfigEntry[] = [
  route('login', 'routes/account/login.tsx'),
  route('key', 'routes/account/key.tsx'),
  route('cart', 'routes/account/cart.tsx'),
  route('shiping', 'routes/account/shiping.tsx'),
  route('payment/result', 'routes/account/payment-result.tsx'),
  route('track', 'routes/account/track.tsx'),
  route('profile', 'routes/account/profile/layout.tsx', [
    index('routes/account/profile/index.tsx'),
    route('dashboard', 'routes/account/profile/dashboard.tsx'),
    route('order', 'routes/account/profile/orders.tsx'),
    route('order/:id', 'routes/account/profile/order-detail.tsx'),
    route('order/:id/return', 'routes/account/profile/order-return.tsx'),
    route('address', 'routes/account/profile/address.tsx'),
    route('wishlist', 'routes/account/profile/wishlist.tsx'),
    route('support', 'routes/account/profile/support.tsx'),
    route('menu', 'routes/account/profile/menu.tsx'),
    route('*', 'routes/account/profile/index.tsx', { id: 'routes/account/profile/other' }),
  ]),
];
