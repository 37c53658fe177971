import Screen from './products.client';

export function meta() {
  return [{ title: 'محصولات | پنل مدیریت سرخاب' }];
}

export default function ProductsPage() {
  return <Screen />;
}
