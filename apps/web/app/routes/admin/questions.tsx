import Screen from './questions.client';

export function meta() {
  return [{ title: 'پرسش‌ها | پنل مدیریت سرخاب' }];
}

export default function QuestionsPage() {
  return <Screen />;
}
