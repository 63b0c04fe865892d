import { redirect } from 'react-router';
import { wizardPath } from '~/features/listing-draft/wizard-url';
import { requireUser } from '../../server/auth/guards';
import { failureAsPage } from '../../server/http/route-errors';
import type { Route } from './+types/property-edit';

/** `/property/<id>/edit`: the owner's edit draft, then the wizard. Others get 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  try {
    const draft = await context.marketplace.listings.startEdit({
      user,
      listingId: Number(params.id),
    });
    return redirect(wizardPath(draft.id, 1));
  } catch (error) {
    return failureAsPage(error);
  }
}

export default function PropertyEdit() {
  return null;
}
