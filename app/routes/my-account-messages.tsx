import { Link } from 'react-router';
import { formatDateTime, formatPrice } from '@domain/format';
import { imageUrl } from '@domain/images';
import { NO_LONGER_ADVERTISED } from '@domain/listing/visibility';
import { requireUser } from '../../server/auth/guards';
import type { Route } from './+types/my-account-messages';

export function meta() {
  return [{ title: 'Messages | Roost' }, { name: 'robots', content: 'noindex' }];
}

/** The signed-in person's conversations, as enquirer and as lister, newest activity first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context.user, request);
  return { threads: await context.marketplace.messages.list({ user }) };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { threads } = loaderData;
  return (
    <section className="page narrow messages">
      <p className="breadcrumbs">
        <Link to="/my-account">My account</Link> › Messages
      </p>
      <h1>Messages</h1>
      {threads.length === 0 ? (
        <p>
          No messages yet. When you contact a lister, or someone enquires about your listing, the
          conversation appears here.
        </p>
      ) : (
        <ul className="message-threads">
          {threads.map((thread) => (
            <li
              key={thread.id}
              className={
                thread.isUnread ? 'message-thread message-thread--unread' : 'message-thread'
              }
              data-testid="message-thread"
            >
              {thread.listing.isAdvertised && thread.listing.cover ? (
                <img
                  className="message-thread__photo"
                  src={imageUrl(thread.listing.cover.key, 160)}
                  width={80}
                  height={Math.round(
                    (80 * thread.listing.cover.height) / thread.listing.cover.width,
                  )}
                  alt=""
                />
              ) : (
                <span className="message-thread__photo" aria-hidden="true" />
              )}
              <div className="message-thread__text">
                <Link to={`/my-account/messages/${thread.id}`} className="message-thread__link">
                  {thread.listing.isAdvertised ? thread.listing.title : NO_LONGER_ADVERTISED}
                  {thread.isUnread ? <span className="visually-hidden"> (unread)</span> : null}
                </Link>
                <p className="message-thread__meta">
                  {thread.listing.isAdvertised ? `${formatPrice(thread.listing)} · ` : null}
                  {thread.role === 'lister' ? 'Enquiry from ' : 'With the lister, '}
                  {thread.otherName} ·{' '}
                  <time dateTime={thread.lastMessageAt}>
                    {formatDateTime(thread.lastMessageAt)}
                  </time>
                </p>
              </div>
              {thread.isUnread ? (
                <span className="badge message-thread__badge" aria-hidden="true">
                  New
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
