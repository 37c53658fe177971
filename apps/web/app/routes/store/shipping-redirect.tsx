import { redirect } from 'react-router';
import type { Route } from './+types/shipping-redirect';

/** The checkout keeps the original spelling, /shiping; the correct spelling leads there. */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/shiping${new URL(request.url).search}`, 301);
}
