import { index, layout, prefix, route, type RouteConfigEntry } from '@react-router/dev/routes';

/**
 * The admin dashboard (/admin/*): client-rendered (the layout's clientLoader hydrates, and its HydrateFallback is all
 * the server renders) and code-split, so Mantine and its CSS load only here, never on the storefront. Each screen is a
 * `.client` module beside its route module, so the server's build holds none of them (decision 031).
 */
export const adminRoutes: RouteConfigEntry[] = [
  ...prefix('admin', [
    // Invoices and packing labels: a server-rendered page of their own, without the dashboard's shell.
    route('print', 'routes/admin/print.tsx'),
    layout('routes/admin/layout.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('add-category', 'routes/admin/categories.tsx'),
      route('add-attr', 'routes/admin/attributes.tsx'),
      route('add-product', 'routes/admin/product-form.tsx', { id: 'admin-add-product' }),
      route('edit-product/:id', 'routes/admin/product-form.tsx', { id: 'admin-edit-product' }),
      route('show-product', 'routes/admin/products.tsx'),
      route('gallery-product/:id', 'routes/admin/gallery.tsx'),
      route('slider', 'routes/admin/sliders.tsx'),
      route('add-slider/:id', 'routes/admin/slider-form.tsx'),
      route('user', 'routes/admin/users.tsx'),
      route('brands', 'routes/admin/brands.tsx'),
      route('discounts', 'routes/admin/discounts.tsx'),
      route('shipping', 'routes/admin/shipping.tsx'),
      route('orders', 'routes/admin/orders.tsx'),
      route('orders/:id', 'routes/admin/order-detail.tsx'),
      route('returns', 'routes/admin/returns.tsx'),
      route('returns/:id', 'routes/admin/return-detail.tsx'),
      route('reviews', 'routes/admin/reviews.tsx'),
      route('questions', 'routes/admin/questions.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('messages', 'routes/admin/messages.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),
];
