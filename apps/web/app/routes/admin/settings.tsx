import Screen from './settings.client';

export function meta() {
  return [{ title: 'تنظیمات فروشگاه | پنل مدیریت سرخاب' }];
}

export default function SettingsPage() {
  return <Screen />;
}
