import { Form, useNavigation } from 'react-router';
import { Button } from '~/components/ui/button';
import { Field } from '~/components/ui/field';
import {
  FAVOURITE_ALERT_CHOICE_LABELS,
  FAVOURITE_ALERT_CHOICES,
  FAVOURITE_ALERT_KIND_LABELS,
  FAVOURITE_ALERT_KINDS,
  type FavouriteAlertSettings,
} from '@domain/favourites/favourite-alerts';

export interface FavouriteAlertsFormProps {
  settings: FavouriteAlertSettings;
  isSaved: boolean;
  fields?: Record<string, string> | undefined;
}

/** When Roost e-mails about changes to saved homes: one choice per kind of change. */
export function FavouriteAlertsForm({ settings, isSaved, fields }: FavouriteAlertsFormProps) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="favourite-alerts" aria-labelledby="favourite-alerts-heading">
      <h2 id="favourite-alerts-heading">Alerts about your saved homes</h2>
      <p className="hint">
        We e-mail you when the lister changes a home you saved. Choose when for each kind of change.
      </p>
      <input type="hidden" name="intent" value="alerts" />
      {FAVOURITE_ALERT_KINDS.map((kind) => (
        <Field
          key={kind}
          id={`alert-${kind}`}
          label={FAVOURITE_ALERT_KIND_LABELS[kind]}
          error={fields?.[kind]}
        >
          {(control) => (
            <select {...control} name={kind} defaultValue={settings[kind]}>
              {FAVOURITE_ALERT_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {FAVOURITE_ALERT_CHOICE_LABELS[choice]}
                </option>
              ))}
            </select>
          )}
        </Field>
      ))}
      <Button type="submit" variant="secondary" disabled={navigation.state === 'submitting'}>
        Save alert choices
      </Button>
      {isSaved ? <span role="status">Alert choices saved</span> : null}
    </Form>
  );
}
