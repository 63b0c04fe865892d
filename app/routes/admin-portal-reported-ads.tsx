import { useNavigation } from 'react-router';
import { decisionMessage } from '~/features/admin/reported-ads/decision-message';
import { ReportedAdsPage } from '~/features/admin/reported-ads/reported-ads-page';
import listingStyles from '~/styles/listings.css?url';
import { requireAdmin } from '../../server/auth/guards';
import { formText } from '../../server/http/form-submission';
import { formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/admin-portal-reported-ads';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: listingStyles }];

export function meta() {
  return [{ title: 'Reported ads – Admin portal | Roost' }, { name: 'robots', content: 'noindex' }];
}

/**
 * The moderation queue, rendered on the server: open reports grouped by listing (oldest
 * first) and the latest decisions. The parent route already answers 403 to non-admins; this
 * loader and the action check again, and so does every moderation use case.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context.user);
  const [reported, decisions] = await Promise.all([
    context.marketplace.moderation.reportedListings({ user: admin }),
    context.marketplace.moderation.recentDecisions({ user: admin }),
  ]);
  return { reported, decisions };
}

/** One decision on one listing's reports; the use case checks it with its schema. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdmin(context.user);
  const formData = await request.formData();
  const listingId = Number(formText(formData, 'listingId'));
  const values = { decision: formText(formData, 'decision'), reason: formText(formData, 'reason') };
  try {
    const result = await context.marketplace.moderation.decide({ user, listingId, input: values });
    return { listingId, message: decisionMessage(result) };
  } catch (error) {
    return formFailure(error, { listingId, values });
  }
}

export default function ReportedAds({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <ReportedAdsPage
      reported={loaderData.reported}
      decisions={loaderData.decisions}
      outcome={actionData}
      isBusy={navigation.state === 'submitting'}
    />
  );
}
