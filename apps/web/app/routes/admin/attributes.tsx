import Screen from './attributes.client';

export function meta() {
  return [{ title: 'ویژگی‌های دسته | پنل مدیریت سرخاب' }];
}

export default function AttributesPage() {
  return <Screen />;
}
