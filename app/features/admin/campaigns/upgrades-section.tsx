import { Form } from 'react-router';
import { formatDateTime } from '@domain/format';
import { Button } from '~/components/ui/button';
import { echo } from '~/components/ui/form-echo';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { Outcome, outcomeFor, type CampaignFormResult } from './campaign-outcome';
import type { CampaignsPageData } from './campaigns-page-data';

interface Props {
  result: CampaignFormResult | undefined;
  isBusy: boolean;
}

type Upgrade = CampaignsPageData['upgrades'][number];

function UpgradeRow({ upgrade, result, isBusy }: Props & { upgrade: Upgrade }) {
  const key = `upgrade-${upgrade.id}`;
  const outcome = outcomeFor(result, key);
  return (
    <tr data-testid="live-upgrade">
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
}

/** Upgrades running or about to, each of which can be ended early with a reason. */
export function UpgradesTable({ upgrades, ...props }: Props & { upgrades: readonly Upgrade[] }) {
  return (
    <>
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
              {upgrades.map((upgrade) => (
                <UpgradeRow key={upgrade.id} upgrade={upgrade} {...props} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export function GrantUpgradeForm({
  productOptions,
  result,
  isBusy,
}: Props & { productOptions: readonly (readonly [string, string])[] }) {
  const grant = outcomeFor(result, 'grant-upgrade');
  return (
    <>
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
    </>
  );
}
