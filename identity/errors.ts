/**
 * A modelled Cognito exception: the name travels as `__type` and `x-amzn-errortype`, the message
 * word for word as Cognito's, because the Authenticator translates by the exact message.
 */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
    /** Sent as `Retry-After` (address limits answer 429 with it). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = type;
  }
}

const error = (type: string) => (message: string) => new CognitoError(type, message);

export const notAuthorized = error('NotAuthorizedException');
export const invalidParameter = error('InvalidParameterException');
export const resourceNotFound = error('ResourceNotFoundException');

export const messages = {
  incorrectCredentials: 'Incorrect username or password.',
  passwordAttemptsExceeded: 'Password attempts exceeded',
  userDisabled: 'User is disabled.',
  userNotConfirmed: 'User is not confirmed.',
  usernameClientNotFound: 'Username/client id combination not found.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'Invalid code provided, please request a code again.',
  limitExceeded: 'Attempt limit exceeded, please try after some time.',
  invalidSession: 'Invalid session for the user.',
  sessionExpired: 'Invalid session for the user, session is expired.',
  invalidAccessToken: 'Invalid Access Token',
  accessTokenExpired: 'Access Token has expired',
  accessTokenRevoked: 'Access Token has been revoked',
  invalidRefreshToken: 'Invalid Refresh Token',
  refreshTokenExpired: 'Refresh Token has expired',
  mfaCodeMismatch: 'Invalid code received for user',
} as const;

export const codeMismatch = () => new CognitoError('CodeMismatchException', messages.codeMismatch);
export const expiredCode = () => new CognitoError('ExpiredCodeException', messages.codeExpired);
export const limitExceeded = () =>
  new CognitoError('LimitExceededException', messages.limitExceeded);
export const incorrectCredentials = () => notAuthorized(messages.incorrectCredentials);
