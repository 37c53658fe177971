import Screen from './brands.client';

export function meta() {
  return [{ title: 'برندها | پنل مدیریت سرخاب' }];
}

export default function BrandsPage() {
  return <Screen />;
}
