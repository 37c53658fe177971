import Screen from './messages.client';

export function meta() {
  return [{ title: 'پیامک‌ها | پنل مدیریت سرخاب' }];
}

export default function MessagesPage() {
  return <Screen />;
}
