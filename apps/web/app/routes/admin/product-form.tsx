import Screen from './product-form.client';

export function meta() {
  return [{ title: 'محصول | پنل مدیریت سرخاب' }];
}

export default function ProductFormPage() {
  return <Screen />;
}
