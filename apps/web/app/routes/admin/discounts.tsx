import Screen from './discounts.client';

export function meta() {
  return [{ title: 'کدهای تخفیف | پنل مدیریت سرخاب' }];
}

export default function DiscountsPage() {
  return <Screen />;
}
