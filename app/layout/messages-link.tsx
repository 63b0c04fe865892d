import { Link } from 'react-router';
import { useAuth } from '~/features/auth/auth-context';
import { useRootData } from '~/lib/use-root-data';
import { MessageIcon } from '~/components/icons';

/** The header's Messages link for signed-in people, with the unread conversations as a badge. */
export function MessagesLink() {
  const { user } = useAuth();
  const { unreadMessages } = useRootData();
  if (!user) return null;
  const label = unreadMessages > 0 ? `Messages, ${unreadMessages} unread` : 'Messages, none unread';
  return (
    <Link to="/my-account/messages" className="header-icon" aria-label={label} title="Messages">
      <MessageIcon />
      {unreadMessages > 0 ? (
        <span className="count-badge" data-testid="messages-unread" aria-hidden="true">
          {unreadMessages}
        </span>
      ) : null}
    </Link>
  );
}
