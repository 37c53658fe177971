import Screen from './orders.client';

export function meta() {
  return [{ title: 'سفارش‌ها | پنل مدیریت سرخاب' }];
}

export default function OrdersPage() {
  return <Screen />;
}
