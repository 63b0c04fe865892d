import { Form, Link } from 'react-router';
import { formatDateTime } from '@domain/format';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/text-field';
import { Outcome, outcomeFor, type CampaignFormResult } from './campaign-outcome';
import type { CampaignsPageData } from './campaigns-page-data';

interface Props {
  result: CampaignFormResult | undefined;
  isBusy: boolean;
}

type Campaign = CampaignsPageData['campaigns'][number];

function audienceText(audience: Campaign['audience']): string {
  if (audience.kind === 'all') return 'Everyone who opted in';
  const channel = audience.channel === 'sale' ? 'buy' : 'rent';
  return `Saved searches to ${channel}${audience.place ? ` in ${audience.place}` : ''}`;
}

/** A button-only form about one campaign. */
function CampaignButton({
  intent,
  id,
  label,
  isBusy,
}: {
  intent: string;
  id: number;
  label: string;
  isBusy: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="key" value={`campaign-${id}`} />
      <input type="hidden" name="campaignId" value={id} />
      <Button type="submit" variant="secondary" disabled={isBusy}>
        {label}
      </Button>
    </Form>
  );
}

function ScheduleForm({
  campaign,
  outcome,
  isBusy,
}: {
  campaign: Campaign;
  outcome: CampaignFormResult | null;
  isBusy: boolean;
}) {
  const key = `campaign-${campaign.id}`;
  return (
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
  );
}

function CampaignRow({ campaign, result, isBusy }: Props & { campaign: Campaign }) {
  const outcome = outcomeFor(result, `campaign-${campaign.id}`);
  const canCancel = ['draft', 'scheduled', 'sending'].includes(campaign.status);
  return (
    <tr data-testid="email-campaign">
      <td>{campaign.subject}</td>
      <td>{audienceText(campaign.audience)}</td>
      <td>
        {campaign.status}
        {campaign.scheduledAt ? ` (${formatDateTime(campaign.scheduledAt)})` : ''}
      </td>
      <td data-testid="campaign-sent">{campaign.sent}</td>
      <td>{campaign.failed}</td>
      <td>{campaign.unsubscribed}</td>
      <td>
        <Outcome result={outcome} />
        <Link to={`?preview=${campaign.id}#preview`}>Preview “{campaign.subject}”</Link>
        <CampaignButton
          intent="test-campaign"
          id={campaign.id}
          label="Send me a test"
          isBusy={isBusy}
        />
        {campaign.status === 'draft' ? (
          <ScheduleForm campaign={campaign} outcome={outcome} isBusy={isBusy} />
        ) : null}
        {canCancel ? (
          <CampaignButton
            intent="cancel-campaign"
            id={campaign.id}
            label="Cancel campaign"
            isBusy={isBusy}
          />
        ) : null}
      </td>
    </tr>
  );
}

/** Every e-mail campaign with its figures, and what can be done with each. */
export function EmailCampaignsTable({ campaigns, ...props }: Props & { campaigns: Campaign[] }) {
  if (campaigns.length === 0) return <p className="empty-state">No campaigns yet.</p>;
  return (
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
          {campaigns.map((campaign) => (
            <CampaignRow key={campaign.id} campaign={campaign} {...props} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CampaignPreview({
  preview,
}: {
  preview: NonNullable<CampaignsPageData['preview']>;
}) {
  return (
    <section className="card" id="preview" aria-labelledby="preview-title">
      <h4 id="preview-title">Preview: {preview.subject}</h4>
      <p>
        Would go to {preview.recipients} {preview.recipients === 1 ? 'person' : 'people'} now.
      </p>
      {/* markdown-it with html: false (raw HTML escaped) and only http(s)/mailto links. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: preview.html }} />
    </section>
  );
}
