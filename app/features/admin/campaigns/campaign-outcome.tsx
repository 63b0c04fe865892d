import type { FormEcho } from '~/components/ui/form-echo';

/** An action's answer for one form: a success message, or the failure echoed back. */
export interface CampaignFormResult extends FormEcho {
  intent: string;
  key: string;
  message?: string;
  error?: string;
}

/** The outcome of the form with this key, if it was the one just sent. */
export function outcomeFor(actionData: CampaignFormResult | undefined, key: string) {
  if (!actionData || actionData.key !== key) return null;
  return actionData;
}

export function Outcome({ result }: { result: CampaignFormResult | null }) {
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
