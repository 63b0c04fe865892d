import { useNavigation } from 'react-router';
import { echoValues } from '~/features/admin/echo-values';
import { campaignIntents } from '~/features/admin/campaigns/campaign-intents';
import type { CampaignFormResult } from '~/features/admin/campaigns/campaign-outcome';
import { CampaignsPage } from '~/features/admin/campaigns/campaigns-page';
import { campaignsPageData } from '~/features/admin/campaigns/campaigns-page-data';
import { requireAdmin } from '../../server/auth/guards';
import { dispatchIntent, formText, formValues } from '../../server/http/form-submission';
import { failureAsPage, formFailure } from '../../server/http/route-errors';
import type { Route } from './+types/admin-portal-campaigns';

export function meta() {
  return [{ title: 'Campaigns – Admin portal | Roost' }, { name: 'robots', content: 'noindex' }];
}

/**
 * Paid placements (catalogue, running upgrades, complimentary grants), promo codes and e-mail
 * campaigns. The parent route answers 403 to non-admins; this loader and action check again, and
 * so does every use case (which also records each change in the audit log).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const admin = requireAdmin(context.user);
  const previewId = Number(new URL(request.url).searchParams.get('preview'));
  return campaignsPageData(context.marketplace.campaigns, admin, previewId).catch(failureAsPage);
}

/** Each form names its `intent`, and its `key` says where on the page the answer is shown. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdmin(context.user);
  const formData = await request.formData();
  const form = formValues(formData);
  const intent = formText(formData, 'intent');
  const key = formText(formData, 'key') || intent;
  const intents = campaignIntents({ campaigns: context.marketplace.campaigns, user }, form);
  try {
    const message = await dispatchIntent(formData, intents);
    return { intent, key, message };
  } catch (error) {
    return formFailure(error, { intent, key, values: echoValues(form) });
  }
}

export default function Campaigns({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const result: CampaignFormResult | undefined = actionData;
  return (
    <CampaignsPage data={loaderData} result={result} isBusy={navigation.state === 'submitting'} />
  );
}
