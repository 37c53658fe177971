import Screen from './reviews.client';

export function meta() {
  return [{ title: 'دیدگاه‌ها | پنل مدیریت سرخاب' }];
}

export default function ReviewsPage() {
  return <Screen />;
}
