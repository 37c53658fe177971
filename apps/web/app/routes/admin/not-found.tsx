import Screen from './not-found.client';

export default function AdminNotFound() {
  return <Screen />;
}
