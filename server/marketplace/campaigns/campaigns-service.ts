import type { SessionUser } from '../../../domain/session-user.ts';
import type { MarketplaceDeps } from '../marketplace-deps.ts';
import type { SupplierDetails } from '../payments/payments-config.ts';
import {
  cancelCampaign,
  createCampaign,
  listCampaigns,
  previewCampaign,
  scheduleCampaign,
  sendCampaignTest,
  updateCampaign,
  type CampaignDeps,
} from './email-campaigns.ts';
import { createCampaignSendJob, sendCampaignBatch } from './send-campaign-batch.ts';
import {
  getMarketingConsent,
  isMarketingUnsubscribeTokenValid,
  setMarketingConsent,
  unsubscribeByToken,
} from './marketing-consent.ts';
import {
  endUpgradeEarly,
  grantComplimentaryUpgrade,
  listCatalogue,
  listLiveUpgrades,
  updateProduct,
} from './placements-admin.ts';
import { createPromoCode, listPromoCodes, setPromoCodeActive } from './promo-codes.ts';

type User = { user: SessionUser | null };
type WithInput = User & { input: unknown };
type OfCampaign = User & { campaignId: number };

/**
 * /admin-portal/campaigns: the catalogue, complimentary and ended upgrades, promo codes and
 * e-mail campaigns (every admin call checks the role itself and records itself in the audit
 * log), and users' marketing consent (PECR).
 */
export function createCampaignsService(
  deps: MarketplaceDeps & { supplier: SupplierDetails; now?: () => Date },
) {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const campaignDeps: CampaignDeps = {
    db,
    publicUrl: () => deps.publicUrl,
    secret: deps.secret,
    send: () => deps.mail('marketing-campaign'),
  };
  return {
    catalogue: (options: User) => listCatalogue(db, options),
    updateProduct: (options: WithInput) => updateProduct(db, options),
    liveUpgrades: (options: User) => listLiveUpgrades(db, { ...options, now: now() }),
    grantUpgrade: (options: WithInput) =>
      grantComplimentaryUpgrade(db, { ...options, supplier: deps.supplier, now: now() }),
    endUpgrade: (options: WithInput) => endUpgradeEarly(db, { ...options, now: now() }),
    promoCodes: (options: User) => listPromoCodes(db, options),
    createPromoCode: (options: WithInput) => createPromoCode(db, options),
    setPromoCodeActive: (options: WithInput) => setPromoCodeActive(db, options),
    campaigns: (options: User) => listCampaigns(db, options),
    preview: (options: OfCampaign) => previewCampaign(db, options),
    createCampaign: (options: WithInput) => createCampaign(db, options),
    updateCampaign: (options: OfCampaign & { input: unknown }) => updateCampaign(db, options),
    sendTest: (options: OfCampaign) => sendCampaignTest(campaignDeps, options),
    schedule: (options: WithInput) => scheduleCampaign(db, { ...options, now: now() }),
    cancel: (options: OfCampaign & { reason?: string }) => cancelCampaign(db, options),
    /** One batch now (the job calls this; tests too). */
    sendBatch: (options: { campaignId: number }) =>
      sendCampaignBatch(campaignDeps, { ...options, now }),
    /** The job definition for the job queue (server/main.ts). */
    sendJob: () => createCampaignSendJob(campaignDeps),
    consent: (options: User) => getMarketingConsent(db, options),
    setConsent: (options: WithInput & { source: 'sign-up' | 'account' }) =>
      setMarketingConsent(db, { ...options, now: now() }),
    isUnsubscribeTokenValid: (options: { token: string }) =>
      isMarketingUnsubscribeTokenValid(deps.secret, options.token),
    unsubscribe: (options: { token: string }) =>
      unsubscribeByToken(db, { secret: deps.secret, token: options.token, now: now() }),
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
