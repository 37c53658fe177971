import Screen from './shipping.client';

export function meta() {
  return [{ title: 'روش‌های ارسال | پنل مدیریت سرخاب' }];
}

export default function ShippingPage() {
  return <Screen />;
}
