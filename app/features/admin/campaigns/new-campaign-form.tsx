import { Form } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import { echo } from '~/components/ui/form-echo';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { Outcome, outcomeFor, type CampaignFormResult } from './campaign-outcome';

/** A new e-mail campaign, saved as a draft: subject, Markdown body, audience and rate. */
export function NewCampaignForm({
  result,
  isBusy,
}: {
  result: CampaignFormResult | undefined;
  isBusy: boolean;
}) {
  const newCampaign = outcomeFor(result, 'create-campaign');
  const campaignBody = echo(newCampaign, 'body');
  return (
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
  );
}
