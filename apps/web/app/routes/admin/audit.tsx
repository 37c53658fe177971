import Screen from './audit.client';

export function meta() {
  return [{ title: 'گزارش تغییرات | پنل مدیریت سرخاب' }];
}

export default function AuditPage() {
  return <Screen />;
}
