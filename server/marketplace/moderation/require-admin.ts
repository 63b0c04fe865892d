import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../../domain/session-user.ts';

/**
 * Every moderation use case checks the role itself from the verified identity, so no caller
 * (page, API or job) can forget: 401 signed out, 403 unless `cognito:groups` has `admins`.
 */
export function assertAdmin(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to do this.');
  if (!user.isAdmin) throw new AppError('FORBIDDEN', 'Only administrators can do this.');
  return user;
}
