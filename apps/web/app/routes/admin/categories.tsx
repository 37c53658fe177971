import Screen from './categories.client';

export function meta() {
  return [{ title: 'دسته‌بندی‌ها | پنل مدیریت سرخاب' }];
}

export default function CategoriesPage() {
  return <Screen />;
}
