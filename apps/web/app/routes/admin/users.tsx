import Screen from './users.client';

export function meta() {
  return [{ title: 'کاربران | پنل مدیریت سرخاب' }];
}

export default function UsersPage() {
  return <Screen />;
}
