import Screen from './order-detail.client';

export function meta() {
  return [{ title: 'جزئیات سفارش | پنل مدیریت سرخاب' }];
}

export default function OrderDetailPage() {
  return <Screen />;
}
