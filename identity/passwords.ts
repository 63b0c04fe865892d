import type { PasswordPolicy } from './config.ts';
import type { IdentityContext } from './context.ts';
import { CognitoError, invalidParameter } from './errors.ts';
import { createVerifier, passwordMatches, type Verifier } from './srp.ts';
import type { User } from './users.ts';

export function validatePassword(policy: PasswordPolicy, password: unknown): string {
  if (typeof password !== 'string' || password.length < 6) {
    throw invalidParameter(
      "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must have length greater than or equal to 6",
    );
  }
  if (password.length > 256 || /^\s|\s$/.test(password)) {
    throw invalidParameter(
      "1 validation error detected: Value at 'password' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[\\S]+.*[\\S]+$",
    );
  }
  const fail = (reason: string) =>
    new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${reason}`);
  if (password.length < policy.minLength) throw fail('Password not long enough');
  if (policy.requireLowercase && !/[a-z]/.test(password))
    throw fail('Password must have lowercase characters');
  if (policy.requireUppercase && !/[A-Z]/.test(password))
    throw fail('Password must have uppercase characters');
  if (policy.requireNumbers && !/[0-9]/.test(password))
    throw fail('Password must have numeric characters');
  if (policy.requireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/.test(password)) {
    throw fail('Password must have symbol characters');
  }
  return password;
}

/** Only an SRP salt and verifier are kept, the verifier sealed with the identity secret. */
export function sealVerifier(ctx: IdentityContext, username: string, password: string) {
  const { salt, verifier } = createVerifier(ctx.config.poolName, username, password);
  return { srpSalt: salt, srpVerifier: ctx.secrets.encrypt(verifier) };
}

export function verifierOf(ctx: IdentityContext, user: User): Verifier | undefined {
  if (!user.srpSalt || !user.srpVerifier) return undefined;
  return { salt: user.srpSalt, verifier: ctx.secrets.decrypt(user.srpVerifier) };
}

export function passwordMatchesFor(ctx: IdentityContext, user: User, password: string): boolean {
  const stored = verifierOf(ctx, user);
  return stored ? passwordMatches(stored, ctx.config.poolName, user.username, password) : false;
}
