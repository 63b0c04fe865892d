// The session user is shared with the browser, which reads the same claims from Amplify.
export { ADMIN_GROUP, toSessionUser, type SessionUser } from '../../app/lib/session-user.ts';
