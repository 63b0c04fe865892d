import { audienceFromForm } from '@domain/campaigns/campaign-inputs';
import { formatDateTime } from '@domain/format';
import type { SessionUser } from '@domain/session-user';
import type { FormValues } from '../../../../server/http/form-submission';
import type { CampaignsService } from '../../../../server/marketplace/campaigns/campaigns-service';

export interface CampaignIntentDeps {
  campaigns: Pick<
    CampaignsService,
    | 'updateProduct'
    | 'grantUpgrade'
    | 'endUpgrade'
    | 'createPromoCode'
    | 'setPromoCodeActive'
    | 'createCampaign'
    | 'sendTest'
    | 'schedule'
    | 'cancel'
  >;
  user: SessionUser;
}

/**
 * One handler per form on /admin-portal/campaigns, keyed by the form's `intent`: each sends the
 * form to one use case (which checks it with its schema and records the change in the audit log)
 * and answers with the message the page shows.
 */
export function campaignIntents({ campaigns, user }: CampaignIntentDeps, form: FormValues) {
  const campaignId = Number(form.campaignId);
  return {
    'update-product': async () => {
      const product = await campaigns.updateProduct({ user, input: form });
      return `${product.name}: saved.`;
    },
    'grant-upgrade': async () => {
      const result = await campaigns.grantUpgrade({ user, input: form });
      return `Granted free of charge (invoice ${result.invoiceNumber}, £0.00).`;
    },
    'end-upgrade': async () => {
      await campaigns.endUpgrade({ user, input: form });
      return 'Upgrade ended.';
    },
    'create-promo': async () => {
      const promo = await campaigns.createPromoCode({ user, input: form });
      return `Promo code ${promo.code} created.`;
    },
    'toggle-promo': async () => {
      const promo = await campaigns.setPromoCodeActive({ user, input: form });
      return `${promo.code} is ${promo.isActive ? 'on' : 'off'}.`;
    },
    'create-campaign': async () => {
      const input = { ...form, audience: audienceFromForm(form) };
      const campaign = await campaigns.createCampaign({ user, input });
      return `Campaign “${campaign.subject}” saved as a draft.`;
    },
    'test-campaign': async () => {
      const { to } = await campaigns.sendTest({ user, campaignId });
      return `Test sent to ${to}.`;
    },
    'schedule-campaign': async () => {
      const campaign = await campaigns.schedule({ user, input: form });
      return `Scheduled for ${formatDateTime(campaign.scheduledAt ?? new Date())}.`;
    },
    'cancel-campaign': async () => {
      await campaigns.cancel({ user, campaignId });
      return 'Campaign cancelled.';
    },
  } satisfies Record<string, () => Promise<string>>;
}
