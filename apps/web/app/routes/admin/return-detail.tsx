import Screen from './return-detail.client';

export function meta() {
  return [{ title: 'درخواست مرجوعی | پنل مدیریت سرخاب' }];
}

export default function ReturnDetailPage() {
  return <Screen />;
}
