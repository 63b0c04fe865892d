import { Form, Link, useNavigation } from 'react-router';
import { audienceFromForm } from '@domain/campaigns/campaign-inputs';
import { formatDateTime, formatPence } from '@domain/format';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { echo, type FormEcho } from '~/components/ui/form-echo';
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

/** An action's answer for one form: a success message, or the failure echoed back. */
interface ActionResult extends FormEcho {
  intent: string;
  key: string;
  message?: string;
  error?: string;
}

/** The outcome of the form with this key, if it was the one just sent. */
function outcomeFor(actionData: ActionResult | undefined, key: string) {
  if (!actionData || actionData.key !== key) return null;
  return actionData;
}

function Outcome({ result }: { result: ActionResult | null }) {
  if (!result) return null;
  return result.message !== undefined ? (
    <div className="alert alert--success" role="status">
      <p>{result.message}</p>
    </div>
  ) : (
    <div className="alert alert--error" role="alert">
      <p>{result.error}</p>
    </div>
  );
}

export default function Campaigns({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const isBusy = navigation.state === 'submitting';
  const result = actionData as ActionResult | undefined;
  const { catalogue, upgrades, promoCodes, campaigns, preview } = loaderData;
  const productOptions = catalogue.map((product) => [product.code, product.name] as const);
  const grant = outcomeFor(result, 'grant-upgrade');
  const promo = outcomeFor(result, 'create-promo');
  const newCampaign = outcomeFor(result, 'create-campaign');
  const campaignBody = echo(newCampaign, 'body');

  return (
    <section className="card admin-section" aria-labelledby="admin-section-title">
      <h2 id="admin-section-title">Campaigns</h2>
      <p>Paid placements, promo codes and marketing e-mails. Every change is in the audit log.</p>

      <h3 id="catalogue">Paid placements: the catalogue</h3>
      <p>Prices include VAT. Orders keep the price and days they were bought at.</p>
      {catalogue.map((product) => {
        const key = `product-${product.code}`;
        const outcome = outcomeFor(result, key);
        const description = echo(outcome, 'description', product.description);
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
              {...echo(outcome, 'name', product.name)}
              required
            />
            <Field id={`${key}-description`} label="Description" error={description.error}>
              {(control) => (
                <textarea
                  {...control}
                  name={description.name}
                  rows={2}
                  defaultValue={description.defaultValue}
                  required
                />
              )}
            </Field>
            <TextField
              id={`${key}-price`}
              label="Price in pounds (VAT included)"
              {...echo(outcome, 'price', (product.pricePence / 100).toFixed(2))}
              inputMode="decimal"
              required
            />
            {product.days !== undefined ? (
              <TextField
                id={`${key}-days`}
                label="Days"
                {...echo(outcome, 'days', String(product.days))}
                type="number"
                min={1}
                max={90}
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
                          error={outcome?.fields?.reason}
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
          {...echo(grant, 'listingId')}
          inputMode="numeric"
          required
        />
        <SelectField
          id="grant-product"
          label="Upgrade"
          {...echo(grant, 'productCode')}
          options={productOptions}
        />
        <TextField id="grant-reason" label="Reason" {...echo(grant, 'reason')} required />
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
          {...echo(promo, 'code')}
          hint="3 to 32 letters, digits, - or _; buyers may type it in any case."
          required
        />
        <SelectField
          id="promo-kind"
          label="Discount type"
          {...echo(promo, 'kind', 'percent')}
          options={[
            ['percent', 'Percentage'],
            ['amount', 'Fixed amount'],
          ]}
        />
        <TextField
          id="promo-percent"
          label="Percentage off (for a percentage code)"
          {...echo(promo, 'percentOff')}
          type="number"
          min={1}
          max={100}
        />
        <TextField
          id="promo-amount"
          label="Pounds off (for a fixed amount)"
          {...echo(promo, 'amountOff')}
          inputMode="decimal"
        />
        <TextField
          id="promo-from"
          label="Valid from (optional)"
          {...echo(promo, 'validFrom')}
          type="datetime-local"
        />
        <TextField
          id="promo-to"
          label="Valid until (optional)"
          {...echo(promo, 'validTo')}
          type="datetime-local"
        />
        <TextField
          id="promo-max"
          label="Most uses in all (optional)"
          {...echo(promo, 'maxUses')}
          type="number"
          min={1}
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
                            error={outcome?.fields?.sendAt}
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
          {...echo(newCampaign, 'subject')}
          required
          maxLength={150}
        />
        <Field
          id="campaign-body"
          label="Body (Markdown)"
          hint="**bold**, _italic_, [link](https://…), lists. HTML is shown as text."
          error={campaignBody.error}
        >
          {(control) => (
            <textarea
              {...control}
              name={campaignBody.name}
              rows={8}
              required
              defaultValue={campaignBody.defaultValue}
            />
          )}
        </Field>
        <SelectField
          id="campaign-audience"
          label="Audience"
          {...echo(newCampaign, 'audience', 'all', 'audience.kind')}
          options={[
            ['all', 'Everyone who opted in'],
            ['saved-searches', 'Opted in, with a saved search in a channel (and town)'],
          ]}
        />
        <SelectField
          id="campaign-channel"
          label="Channel (for saved searches)"
          {...echo(newCampaign, 'channel', 'sale', 'audience.channel')}
          options={[
            ['sale', 'For sale'],
            ['rent', 'To rent'],
          ]}
        />
        <TextField
          id="campaign-place"
          label="Town (for saved searches, optional)"
          {...echo(newCampaign, 'place', undefined, 'audience.place')}
          hint="As in the search address, like leeds."
        />
        <TextField
          id="campaign-rate"
          label="E-mails per minute"
          {...echo(newCampaign, 'ratePerMinute', '100')}
          type="number"
          min={1}
          max={10000}
        />
        <Button type="submit" disabled={isBusy}>
          Save draft
        </Button>
      </Form>
    </section>
  );
}
