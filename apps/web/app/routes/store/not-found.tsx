import { data } from 'react-router';
import { NotFound } from '../../features/layout/NotFound';

/** Any unknown storefront path: a real 404 inside the shop layout. */
export function loader() {
  throw data({ reason: 'page' }, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
