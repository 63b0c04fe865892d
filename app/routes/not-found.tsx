import { data } from 'react-router';
import type { Route } from './+types/not-found';

export async function loader({ request, context }: Route.LoaderArgs) {
  context.logger.warn({ path: new URL(request.url).pathname }, 'no route matched');
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
