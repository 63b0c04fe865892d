import {
  claimSignature,
  clientSessionKey,
  computeX,
  createClientEphemeral,
  g,
  modPow,
  srpTimestamp,
} from '../../identity/srp.ts';

/**
 * The Cognito-compatible API as Amplify speaks it (`/idp`, JSON over POST), sent to whichever
 * address the scenario names: the balancer, or one instance when the step must land there.
 */
export const PASSWORD = 'Correct-Horse-9-Battery';

export interface Pool {
  userPoolId: string;
  clientId: string;
  /** The part of the pool id after the region: SRP hashes it into the password. */
  poolName: string;
}

export async function poolOf(base: string): Promise<Pool> {
  const config = (await (await fetch(`${base}/amplify-config.json`)).json()) as {
    Auth: { Cognito: { userPoolId: string; userPoolClientId: string } };
  };
  const { userPoolId, userPoolClientId } = config.Auth.Cognito;
  return { userPoolId, clientId: userPoolClientId, poolName: userPoolId.split('_')[1]! };
}

export interface IdpAnswer {
  status: number;
  body: Record<string, unknown>;
  /** Which instance answered, when it came through the balancer. */
  instance: string | null;
}

export async function idp(
  base: string,
  target: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<IdpAnswer> {
  const response = await fetch(`${base}/idp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return {
    status: response.status,
    body: parsed,
    instance: response.headers.get('x-roost-instance'),
  };
}

/** Fails with what the server said unless it answered 200. */
export function ok(answer: IdpAnswer, what: string): Record<string, unknown> {
  if (answer.status !== 200) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
  }
  return answer.body;
}

export interface Tokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
}

/**
 * A password sign-in as Amplify makes it (USER_SRP_AUTH, then PASSWORD_VERIFIER), its first
 * step sent to `initiateBase` and its second to `respondBase`.
 */
export async function srpSignIn(
  pool: Pool,
  email: string,
  { initiateBase, respondBase }: { initiateBase: string; respondBase: string },
  headers: Record<string, string> = {},
): Promise<{ first: IdpAnswer; second: IdpAnswer; tokens: Tokens | undefined }> {
  const ephemeral = createClientEphemeral();
  const first = await idp(
    initiateBase,
    'InitiateAuth',
    {
      ClientId: pool.clientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: email, SRP_A: ephemeral.A.toString(16) },
    },
    headers,
  );
  const challenge = ok(first, 'InitiateAuth (USER_SRP_AUTH)').ChallengeParameters as Record<
    string,
    string
  >;
  const userId = challenge.USER_ID_FOR_SRP!;
  const x = computeX(challenge.SALT!, pool.poolName, userId, PASSWORD);
  const key = clientSessionKey({
    ...ephemeral,
    B: BigInt(`0x${challenge.SRP_B}`),
    x,
    gx: modPow(g, x),
  });
  const timestamp = srpTimestamp();
  const second = await idp(
    respondBase,
    'RespondToAuthChallenge',
    {
      ClientId: pool.clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: {
        USERNAME: userId,
        PASSWORD_CLAIM_SECRET_BLOCK: challenge.SECRET_BLOCK,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: claimSignature(
          key,
          pool.poolName,
          userId,
          challenge.SECRET_BLOCK!,
          timestamp,
        ),
      },
    },
    headers,
  );
  const tokens =
    second.status === 200 ? (second.body.AuthenticationResult as Tokens | undefined) : undefined;
  return { first, second, tokens };
}

/** A USER_PASSWORD_AUTH sign-in (one request). */
export async function passwordSignIn(
  base: string,
  pool: Pool,
  email: string,
  headers: Record<string, string> = {},
): Promise<IdpAnswer> {
  return idp(
    base,
    'InitiateAuth',
    {
      ClientId: pool.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    },
    headers,
  );
}

/** The cookies Amplify's CookieStorage writes for a signed-in page (server/auth/token-cookies.ts). */
export function sessionCookie(pool: Pool, idToken: string): string {
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as {
    'cognito:username': string;
  };
  const prefix = `CognitoIdentityServiceProvider.${pool.clientId}`;
  const username = encodeURIComponent(claims['cognito:username']);
  return [`${prefix}.LastAuthUser=${username}`, `${prefix}.${username}.idToken=${idToken}`].join(
    '; ',
  );
}
