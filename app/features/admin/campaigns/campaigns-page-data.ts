import type { SessionUser } from '@domain/session-user';
import type { CampaignsService } from '../../../../server/marketplace/campaigns/campaigns-service';

type Reads = Pick<
  CampaignsService,
  'catalogue' | 'liveUpgrades' | 'promoCodes' | 'campaigns' | 'preview'
>;

/**
 * Everything /admin-portal/campaigns shows: the catalogue, running upgrades, promo codes,
 * e-mail campaigns and, when `previewId` names one, that campaign's preview.
 */
export async function campaignsPageData(campaigns: Reads, admin: SessionUser, previewId: number) {
  const user = admin;
  const [catalogue, upgrades, promoCodes, list, preview] = await Promise.all([
    campaigns.catalogue({ user }),
    campaigns.liveUpgrades({ user }),
    campaigns.promoCodes({ user }),
    campaigns.campaigns({ user }),
    Number.isInteger(previewId) && previewId > 0
      ? campaigns.preview({ user, campaignId: previewId })
      : undefined,
  ]);
  return {
    adminEmail: admin.email ?? admin.username,
    catalogue: catalogue.map((product) => ({
      code: product.code,
      name: product.name,
      description: product.description,
      pricePence: product.pricePence,
      days: product.entitlements.find((entitlement) => entitlement.days !== undefined)?.days,
      isActive: product.isActive,
    })),
    upgrades,
    promoCodes: promoCodes.map((promo) => ({
      ...promo,
      validFrom: promo.validFrom?.toISOString() ?? null,
      validTo: promo.validTo?.toISOString() ?? null,
      createdAt: promo.createdAt.toISOString(),
    })),
    campaigns: list,
    preview: preview
      ? {
          id: preview.campaign.id,
          subject: preview.campaign.subject,
          html: preview.html,
          recipients: preview.recipients,
        }
      : null,
  };
}

export type CampaignsPageData = Awaited<ReturnType<typeof campaignsPageData>>;
