import type { CampaignFormResult } from './campaign-outcome';
import type { CampaignsPageData } from './campaigns-page-data';
import { ProductForm } from './catalogue-forms';
import { CampaignPreview, EmailCampaignsTable } from './email-campaigns-section';
import { NewCampaignForm } from './new-campaign-form';
import { NewPromoCodeForm, PromoCodesTable } from './promo-codes-section';
import { GrantUpgradeForm, UpgradesTable } from './upgrades-section';

interface CampaignsPageProps {
  data: CampaignsPageData;
  result: CampaignFormResult | undefined;
  isBusy: boolean;
}

/** Paid placements, promo codes and marketing e-mails, each form answering in its own place. */
export function CampaignsPage({ data, result, isBusy }: CampaignsPageProps) {
  const { catalogue, upgrades, promoCodes, campaigns, preview } = data;
  const forms = { result, isBusy };
  const productOptions = catalogue.map((product) => [product.code, product.name] as const);
  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">Campaigns</h2>
      <p>Paid placements, promo codes and marketing e-mails. Every change is in the audit log.</p>

      <h3 id="catalogue">Paid placements: the catalogue</h3>
      <p>Prices include VAT. Orders keep the price and days they were bought at.</p>
      {catalogue.map((product) => (
        <ProductForm key={product.code} product={product} {...forms} />
      ))}
      <UpgradesTable upgrades={upgrades} {...forms} />
      <GrantUpgradeForm productOptions={productOptions} {...forms} />
      <PromoCodesTable promoCodes={promoCodes} {...forms} />
      <NewPromoCodeForm catalogue={catalogue} {...forms} />

      <h3 id="email-campaigns">E-mail campaigns</h3>
      <p>
        Sent only to people who opted in to marketing e-mails (checked again as each e-mail goes),
        each with a one-click unsubscribe link. Tests go to {data.adminEmail}.
      </p>
      <EmailCampaignsTable campaigns={campaigns} {...forms} />
      {preview ? <CampaignPreview preview={preview} /> : null}
      <NewCampaignForm {...forms} />
    </section>
  );
}
