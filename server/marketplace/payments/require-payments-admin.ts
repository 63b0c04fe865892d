import type { SessionUser } from '../../../domain/session-user.ts';
import { AppError } from '../../http/app-error.ts';

/** Every admin payments use case checks the role itself: 401 signed out, 403 for non-admins. */
export function assertPaymentsAdmin(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to do this.');
  if (!user.isAdmin) throw new AppError('FORBIDDEN', 'Only administrators can do this.');
  return user;
}
