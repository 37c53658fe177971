import Screen from './dashboard.client';

export function meta() {
  return [{ title: 'داشبورد | پنل مدیریت سرخاب' }];
}

export default function DashboardPage() {
  return <Screen />;
}
