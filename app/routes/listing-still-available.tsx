import { data, Form, Link, useNavigation } from 'react-router';
import { formatDate } from '@domain/format';
import type {
  FreshnessAnswer,
  FreshnessRefusal,
} from '../../server/marketplace/listings/answer-freshness';
import type { Route } from './+types/listing-still-available';

export function meta(): Route.MetaDescriptors {
  return [
    { title: 'Is your listing still available? | Roost' },
    { name: 'robots', content: 'noindex' },
  ];
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  return context.marketplace.listings.checkFreshnessLink({ token });
}

/**
 * The answer from the 'Is it still available?' e-mail, no sign-in: the signed token names the
 * listing, the answer and the question it was asked for. A GET only asks to confirm, so link
 * scanners that open every URL cannot answer for the lister; the page's button does.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await context.marketplace.listings.answerFreshness({ token: tokenOf(request) });
  const isDone = answer.kind === 'kept' || answer.kind === 'agreed';
  return data(answer, { status: isDone ? 200 : answer.kind === 'invalid' ? 400 : 409 });
}

export default function ListingStillAvailable({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const state = actionData ?? loaderData;
  return (
    <section className="page narrow">
      <h1>Is your listing still available?</h1>
      {state.kind === 'ready' ? (
        <Form method="post">
          <p>
            {state.action === 'keep'
              ? `Keep “${state.title}” live on Roost?`
              : `Mark “${state.title}” as ${state.channel === 'sale' ? 'sold STC' : 'let agreed'}?`}
          </p>
          <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
            {state.action === 'keep'
              ? 'Yes, keep it live'
              : state.channel === 'sale'
                ? 'Yes, it has sold'
                : 'Yes, it has been let'}
          </button>
          <p className="hint">
            Something else has changed? <Link to="/my-account">Manage it in your account</Link>.
          </p>
        </Form>
      ) : state.kind === 'kept' || state.kind === 'agreed' ? (
        <Answered answer={state} />
      ) : (
        <Refused refusal={state} />
      )}
    </section>
  );
}

function Answered({ answer }: { answer: Extract<FreshnessAnswer, { kind: 'kept' | 'agreed' }> }) {
  return (
    <div role="status">
      {answer.kind === 'kept' ? (
        <p>
          Thanks — your listing stays live until {formatDate(answer.liveUntil)}. We will ask you
          again a week before then.
        </p>
      ) : (
        <p>
          Thanks — “{answer.title}” is marked as{' '}
          {answer.status === 'sold_stc' ? 'sold STC' : 'let agreed'}.
        </p>
      )}
      <p>
        You can change it at any time from <Link to="/my-account">your account</Link>.
      </p>
    </div>
  );
}

const REFUSALS: Record<FreshnessRefusal['kind'], string> = {
  used: 'This link has already been used: you have answered for this listing already.',
  expired: 'This link has expired.',
  invalid: 'This link is not valid. It may have been copied incompletely.',
  'not-live': 'This listing can no longer be changed from an e-mail link.',
};

function Refused({ refusal }: { refusal: FreshnessRefusal }) {
  return (
    <p role="alert">
      {REFUSALS[refusal.kind]} You can see and change your listing from{' '}
      <Link to="/my-account">your account</Link>.
    </p>
  );
}

export function ErrorBoundary() {
  return (
    <section className="page narrow">
      <h1>Is your listing still available?</h1>
      <Refused refusal={{ kind: 'invalid' }} />
    </section>
  );
}
