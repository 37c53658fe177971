import Screen from './returns.client';

export function meta() {
  return [{ title: 'مرجوعی‌ها | پنل مدیریت سرخاب' }];
}

export default function ReturnsPage() {
  return <Screen />;
}
