import { Form, Link, useNavigation } from 'react-router';
import { audienceFromForm } from '@domain/campaigns/campaign-inputs';
import { formatPence } from '@domain/payments/vat';
import { formatDateTime } from '@domain/format';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { requireAdmin } from '../../server/auth/guards';
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
  const { campaigns } = context.marketplace;
  const previewId = Number(new URL(request.url).searchParams.get('preview'));
  try {
    const [catalogue, upgrades, promoCodes, list, preview] = await Promise.all([
      campaigns.catalogue({ user: admin }),
      campaigns.liveUpgrades({ user: admin }),
      campaigns.promoCodes({ user: admin }),
      campaigns.campaigns({ user: admin }),
      Number.isInteger(previewId) && previewId > 0
        ? campaigns.preview({ user: admin, campaignId: previewId })
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
  } catch (error) {
    failureAsPage(error);
  }
}

type FormValues = Record<string, string>;

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context.user);
  const { campaigns } = context.marketplace;
  const formData = await request.formData();
  const form = Object.fromEntries(formData) as FormValues;
  const intent = form.intent ?? '';
  const key = form.key ?? intent;
  const user = admin;
  try {
    switch (intent) {
      case 'update-product': {
        const product = await campaigns.updateProduct({ user, input: form });
        return { intent, key, message: `${product.name}: saved.` };
      }
      case 'grant-upgrade': {
        const result = await campaigns.grantUpgrade({ user, input: form });
        return {
          intent,
          key,
          message: `Granted free of charge (invoice ${result.invoiceNumber}, £0.00).`,
        };
      }
      case 'end-upgrade': {
        await campaigns.endUpgrade({ user, input: form });
        return { intent, key, message: 'Upgrade ended.' };
      }
      case 'create-promo': {
        const promo = await campaigns.createPromoCode({
          user,
          input: { ...form, productCodes: formData.getAll('productCodes') },
        });
        return { intent, key, message: `Promo code ${promo.code} created.` };
      }
      case 'toggle-promo': {
        const promo = await campaigns.setPromoCodeActive({ user, input: form });
        return {
          intent,
          key,
          message: `${promo.code} is ${promo.isActive ? 'on' : 'off'}.`,
        };
      }
      case 'create-campaign': {
        const campaign = await campaigns.createCampaign({
          user,
          input: { ...form, audience: audienceFromForm(form) },
        });
        return { intent, key, message: `Campaign “${campaign.subject}” saved as a draft.` };
      }
      case 'test-campaign': {
        const { to } = await campaigns.sendTest({ user, campaignId: Number(form.campaignId) });
        return { intent, key, message: `Test sent to ${to}.` };
      }
      case 'schedule-campaign': {
        const campaign = await campaigns.schedule({ user, input: form });
        return {
          intent,
          key,
          message: `Scheduled for ${formatDateTime(campaign.scheduledAt ?? new Date())}.`,
        };
      }
      case 'cancel-campaign': {
        await campaigns.cancel({ user, campaignId: Number(form.campaignId) });
        return { intent, key, message: 'Campaign cancelled.' };
      }
      default:
        return formFailure(
          { code: 'BAD_REQUEST', message: 'Unknown action.' },
          { intent, key, values: form },
        );
    }
  } catch (error) {
    return formFailure(error, { intent, key, values: form });
  }
}

type ActionResult = { intent: string; key: string } & (
  { message: string } | { error: string; fields: Record<string, string>; values: FormValues }
);

/** The outcome of the form with this key, if it was the one just sent. */
function outcomeFor(actionData: ActionResult | undefined, key: string) {
  if (!actionData || actionData.key !== key) return null;
  return actionData;
}

function Outcome({ result }: { result: ActionResult | null }) {
  if (!result) return null;
  return 'message' in result ? (
    <div className="alert alert--success" role="status">
      <p>{result.message}</p>
    </div>
  ) : (
    <div className="alert alert--error" role="alert">
      <p>{result.error}</p>
    </div>
  );
}

const fieldsOf = (result: ActionResult | null) =>
  result && 'fields' in result ? result.fields : {};
const valuesOf = (result: ActionResult | null) =>
  result && 'values' in result ? result.values : undefined;

export default function Campaigns({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isBusy = navigation.state === 'submitting';
  const result = actionData as ActionResult | undefined;
  const { catalogue, upgrades, promoCodes, campaigns, preview } = loaderData;
  const productOptions = catalogue.map((product) => [product.code, product.name] as const);
  const grant = outcomeFor(result, 'grant-upgrade');
  const promo = outcomeFor(result, 'create-promo');
  const newCampaign = outcomeFor(result, 'create-campaign');

  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">Campaigns</h2>
      <p>Paid placements, promo codes and marketing e-mails. Every change is in the audit log.</p>

      <h3 id="catalogue">Paid placements: the catalogue</h3>
      <p>Prices include VAT. Orders keep the price and days they were bought at.</p>
      {catalogue.map((product) => {
        const key = `product-${product.code}`;
        const outcome = outcomeFor(result, key);
        const fields = fieldsOf(outcome);
        const values = valuesOf(outcome);
        return (
          <Form
            method="post"
            className="form admin-campaigns__product"
            key={product.code}
            aria-labelledby={`${key}-title`}
            data-testid="catalogue-product"
          >
            <h4 id={`${key}-title`}>
              {product.name} ({product.code}) · {formatPence(product.pricePence)}
              {product.isActive ? '' : ' · off sale'}
            </h4>
            <Outcome result={outcome} />
            <input type="hidden" name="intent" value="update-product" />
            <input type="hidden" name="key" value={key} />
            <input type="hidden" name="code" value={product.code} />
            <TextField
              id={`${key}-name`}
              label="Name"
              name="name"
              defaultValue={values?.name ?? product.name}
              error={fields.name}
              required
            />
            <Field id={`${key}-description`} label="Description" error={fields.description}>
              {(control) => (
                <textarea
                  {...control}
                  name="description"
                  rows={2}
                  defaultValue={values?.description ?? product.description}
                  required
                />
              )}
            </Field>
            <TextField
              id={`${key}-price`}
              label="Price in pounds (VAT included)"
              name="price"
              inputMode="decimal"
              defaultValue={values?.price ?? (product.pricePence / 100).toFixed(2)}
              error={fields.price}
              required
            />
            {product.days !== undefined ? (
              <TextField
                id={`${key}-days`}
                label="Days"
                name="days"
                type="number"
                min={1}
                max={90}
                defaultValue={values?.days ?? String(product.days)}
                error={fields.days}
                required
              />
            ) : null}
            <label className="choice">
              <input type="checkbox" name="isActive" defaultChecked={product.isActive} /> On sale
            </label>
            <Button type="submit" variant="secondary" disabled={isBusy}>
              Save {product.code}
            </Button>
          </Form>
        );
      })}

      <h3 id="upgrades">Active and scheduled upgrades</h3>
      {upgrades.length === 0 ? (
        <p className="empty-state">No upgrades are running.</p>
      ) : (
        <div className="table-scroll">
          <table aria-labelledby="upgrades">
            <thead>
              <tr>
                <th scope="col">Listing</th>
                <th scope="col">Kind</th>
                <th scope="col">Runs</th>
                <th scope="col">Order</th>
                <th scope="col">End early</th>
              </tr>
            </thead>
            <tbody>
              {upgrades.map((upgrade) => {
                const key = `upgrade-${upgrade.id}`;
                const outcome = outcomeFor(result, key);
                return (
                  <tr key={upgrade.id} data-testid="live-upgrade">
                    <td>
                      {upgrade.listingTitle} ({upgrade.listingId ?? 'purged'})
                    </td>
                    <td>
                      {upgrade.kind}
                      {upgrade.isScheduled ? ' (scheduled)' : ''}
                    </td>
                    <td>
                      {formatDateTime(upgrade.startsAt)}
                      {upgrade.endsAt
                        ? ` to ${formatDateTime(upgrade.endsAt)}`
                        : `, ${upgrade.usesLeft} use(s) left`}
                    </td>
                    <td>
                      {upgrade.orderId}: {upgrade.productName}
                      {upgrade.isComplimentary ? ' (complimentary)' : ''}
                    </td>
                    <td>
                      <Form method="post" className="form form--inline">
                        <Outcome result={outcome} />
                        <input type="hidden" name="intent" value="end-upgrade" />
                        <input type="hidden" name="key" value={key} />
                        <input type="hidden" name="upgradeId" value={upgrade.id} />
                        <TextField
                          id={`${key}-reason`}
                          label="Reason"
                          name="reason"
                          required
                          minLength={3}
                          error={fieldsOf(outcome).reason}
                        />
                        <Button type="submit" variant="secondary" disabled={isBusy}>
                          End upgrade {upgrade.id}
                        </Button>
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <h3 id="grant">Grant a complimentary upgrade</h3>
      <Form method="post" className="form" aria-labelledby="grant">
        <Outcome result={grant} />
        <input type="hidden" name="intent" value="grant-upgrade" />
        <TextField
          id="grant-listing"
          label="Listing number"
          name="listingId"
          inputMode="numeric"
          required
          defaultValue={valuesOf(grant)?.listingId}
          error={fieldsOf(grant).listingId}
        />
        <SelectField
          id="grant-product"
          label="Upgrade"
          name="productCode"
          options={productOptions}
          defaultValue={valuesOf(grant)?.productCode}
          error={fieldsOf(grant).productCode}
        />
        <TextField
          id="grant-reason"
          label="Reason"
          name="reason"
          required
          defaultValue={valuesOf(grant)?.reason}
          error={fieldsOf(grant).reason}
        />
        <Button type="submit" disabled={isBusy}>
          Grant free of charge
        </Button>
      </Form>

      <h3 id="promo-codes">Promo codes</h3>
      {promoCodes.length === 0 ? (
        <p className="empty-state">No promo codes yet.</p>
      ) : (
        <div className="table-scroll">
          <table aria-labelledby="promo-codes">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Valid</th>
                <th scope="col">Uses</th>
                <th scope="col">Products</th>
                <th scope="col">On</th>
              </tr>
            </thead>
            <tbody>
              {promoCodes.map((code) => {
                const key = `promo-${code.id}`;
                return (
                  <tr key={code.id} data-testid="promo-code">
                    <td>{code.code}</td>
                    <td>
                      {code.kind === 'percent'
                        ? `${code.percentOff} %`
                        : formatPence(code.amountOffPence ?? 0)}
                    </td>
                    <td>
                      {code.validFrom ? formatDateTime(code.validFrom) : 'now'} to{' '}
                      {code.validTo ? formatDateTime(code.validTo) : 'no end'}
                    </td>
                    <td>
                      {code.usesCount}
                      {code.maxUses === null ? '' : ` of ${code.maxUses}`}
                      {code.isOncePerUser ? ', once per buyer' : ''}
                    </td>
                    <td>{code.productCodes.length ? code.productCodes.join(', ') : 'all'}</td>
                    <td>
                      <Form method="post">
                        <Outcome result={outcomeFor(result, key)} />
                        <input type="hidden" name="intent" value="toggle-promo" />
                        <input type="hidden" name="key" value={key} />
                        <input type="hidden" name="promoCodeId" value={code.id} />
                        {code.isActive ? null : <input type="hidden" name="isActive" value="on" />}
                        <Button type="submit" variant="secondary" disabled={isBusy}>
                          {code.isActive ? `Turn ${code.code} off` : `Turn ${code.code} on`}
                        </Button>
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Form method="post" className="form" aria-labelledby="new-promo">
        <h4 id="new-promo">New promo code</h4>
        <Outcome result={promo} />
        <input type="hidden" name="intent" value="create-promo" />
        <TextField
          id="promo-code"
          label="Code"
          name="code"
          hint="3 to 32 letters, digits, - or _; buyers may type it in any case."
          required
          defaultValue={valuesOf(promo)?.code}
          error={fieldsOf(promo).code}
        />
        <SelectField
          id="promo-kind"
          label="Discount type"
          name="kind"
          options={[
            ['percent', 'Percentage'],
            ['amount', 'Fixed amount'],
          ]}
          defaultValue={valuesOf(promo)?.kind ?? 'percent'}
          error={fieldsOf(promo).kind}
        />
        <TextField
          id="promo-percent"
          label="Percentage off (for a percentage code)"
          name="percentOff"
          type="number"
          min={1}
          max={100}
          defaultValue={valuesOf(promo)?.percentOff}
          error={fieldsOf(promo).percentOff}
        />
        <TextField
          id="promo-amount"
          label="Pounds off (for a fixed amount)"
          name="amountOff"
          inputMode="decimal"
          defaultValue={valuesOf(promo)?.amountOff}
          error={fieldsOf(promo).amountOff}
        />
        <TextField
          id="promo-from"
          label="Valid from (optional)"
          name="validFrom"
          type="datetime-local"
          defaultValue={valuesOf(promo)?.validFrom}
          error={fieldsOf(promo).validFrom}
        />
        <TextField
          id="promo-to"
          label="Valid until (optional)"
          name="validTo"
          type="datetime-local"
          defaultValue={valuesOf(promo)?.validTo}
          error={fieldsOf(promo).validTo}
        />
        <TextField
          id="promo-max"
          label="Most uses in all (optional)"
          name="maxUses"
          type="number"
          min={1}
          defaultValue={valuesOf(promo)?.maxUses}
          error={fieldsOf(promo).maxUses}
        />
        <label className="choice">
          <input type="checkbox" name="isOncePerUser" defaultChecked /> Once per buyer
        </label>
        <fieldset className="field-group">
          <legend>Applies to (none ticked: every upgrade)</legend>
          {catalogue.map((product) => (
            <label className="choice" key={product.code}>
              <input type="checkbox" name="productCodes" value={product.code} /> {product.name}
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={isBusy}>
          Create promo code
        </Button>
      </Form>

      <h3 id="email-campaigns">E-mail campaigns</h3>
      <p>
        Sent only to people who opted in to marketing e-mails (checked again as each e-mail goes),
        each with a one-click unsubscribe link. Tests go to {loaderData.adminEmail}.
      </p>
      {campaigns.length === 0 ? (
        <p className="empty-state">No campaigns yet.</p>
      ) : (
        <div className="table-scroll">
          <table aria-labelledby="email-campaigns">
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">Audience</th>
                <th scope="col">Status</th>
                <th scope="col">Sent</th>
                <th scope="col">Failed</th>
                <th scope="col">Unsubscribed</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.map((campaign) => {
                const key = `campaign-${campaign.id}`;
                const outcome = outcomeFor(result, key);
                const isDraft = campaign.status === 'draft';
                const canCancel = ['draft', 'scheduled', 'sending'].includes(campaign.status);
                return (
                  <tr key={campaign.id} data-testid="email-campaign">
                    <td>{campaign.subject}</td>
                    <td>
                      {campaign.audience.kind === 'all'
                        ? 'Everyone who opted in'
                        : `Saved searches to ${campaign.audience.channel === 'sale' ? 'buy' : 'rent'}${campaign.audience.place ? ` in ${campaign.audience.place}` : ''}`}
                    </td>
                    <td>
                      {campaign.status}
                      {campaign.scheduledAt ? ` (${formatDateTime(campaign.scheduledAt)})` : ''}
                    </td>
                    <td data-testid="campaign-sent">{campaign.sent}</td>
                    <td>{campaign.failed}</td>
                    <td>{campaign.unsubscribed}</td>
                    <td>
                      <Outcome result={outcome} />
                      <Link to={`?preview=${campaign.id}#preview`}>
                        Preview “{campaign.subject}”
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="intent" value="test-campaign" />
                        <input type="hidden" name="key" value={key} />
                        <input type="hidden" name="campaignId" value={campaign.id} />
                        <Button type="submit" variant="secondary" disabled={isBusy}>
                          Send me a test
                        </Button>
                      </Form>
                      {isDraft ? (
                        <Form method="post" className="form">
                          <input type="hidden" name="intent" value="schedule-campaign" />
                          <input type="hidden" name="key" value={key} />
                          <input type="hidden" name="campaignId" value={campaign.id} />
                          <TextField
                            id={`${key}-send-at`}
                            label="Send at (blank: now)"
                            name="sendAt"
                            type="datetime-local"
                            error={fieldsOf(outcome).sendAt}
                          />
                          <Button type="submit" disabled={isBusy}>
                            Schedule
                          </Button>
                        </Form>
                      ) : null}
                      {canCancel ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="cancel-campaign" />
                          <input type="hidden" name="key" value={key} />
                          <input type="hidden" name="campaignId" value={campaign.id} />
                          <Button type="submit" variant="secondary" disabled={isBusy}>
                            Cancel campaign
                          </Button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {preview ? (
        <section className="card" id="preview" aria-labelledby="preview-title">
          <h4 id="preview-title">Preview: {preview.subject}</h4>
          <p>
            Would go to {preview.recipients} {preview.recipients === 1 ? 'person' : 'people'} now.
          </p>
          {/* markdown-it with html: false (raw HTML escaped) and only http(s)/mailto links. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: preview.html }} />
        </section>
      ) : null}
      <Form method="post" className="form" aria-labelledby="new-campaign">
        <h4 id="new-campaign">New campaign</h4>
        <Outcome result={newCampaign} />
        <input type="hidden" name="intent" value="create-campaign" />
        <TextField
          id="campaign-subject"
          label="Subject"
          name="subject"
          required
          maxLength={150}
          defaultValue={valuesOf(newCampaign)?.subject}
          error={fieldsOf(newCampaign).subject}
        />
        <Field
          id="campaign-body"
          label="Body (Markdown)"
          hint="**bold**, _italic_, [link](https://…), lists. HTML is shown as text."
          error={fieldsOf(newCampaign).body}
        >
          {(control) => (
            <textarea
              {...control}
              name="body"
              rows={8}
              required
              defaultValue={valuesOf(newCampaign)?.body}
            />
          )}
        </Field>
        <SelectField
          id="campaign-audience"
          label="Audience"
          name="audience"
          options={[
            ['all', 'Everyone who opted in'],
            ['saved-searches', 'Opted in, with a saved search in a channel (and town)'],
          ]}
          defaultValue={valuesOf(newCampaign)?.audience ?? 'all'}
        />
        <SelectField
          id="campaign-channel"
          label="Channel (for saved searches)"
          name="channel"
          options={[
            ['sale', 'For sale'],
            ['rent', 'To rent'],
          ]}
          defaultValue={valuesOf(newCampaign)?.channel ?? 'sale'}
          error={fieldsOf(newCampaign)['audience.channel']}
        />
        <TextField
          id="campaign-place"
          label="Town (for saved searches, optional)"
          name="place"
          hint="As in the search address, like leeds."
          defaultValue={valuesOf(newCampaign)?.place}
          error={fieldsOf(newCampaign)['audience.place']}
        />
        <TextField
          id="campaign-rate"
          label="E-mails per minute"
          name="ratePerMinute"
          type="number"
          min={1}
          max={10000}
          defaultValue={valuesOf(newCampaign)?.ratePerMinute ?? '100'}
          error={fieldsOf(newCampaign).ratePerMinute}
        />
        <Button type="submit" disabled={isBusy}>
          Save draft
        </Button>
      </Form>
    </section>
  );
}
