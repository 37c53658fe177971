import Screen from './slider-form.client';

export function meta() {
  return [{ title: 'اسلاید | پنل مدیریت سرخاب' }];
}

export default function SliderFormPage() {
  return <Screen />;
}
