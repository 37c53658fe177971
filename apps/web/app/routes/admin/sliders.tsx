import Screen from './sliders.client';

export function meta() {
  return [{ title: 'اسلایدر و بنر | پنل مدیریت سرخاب' }];
}

export default function SlidersPage() {
  return <Screen />;
}
