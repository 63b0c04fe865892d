import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListUserAuthEventsCommand,
  AdminSetUserMFAPreferenceCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type AuthEventType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, password, passwordSignIn } from './admin-test-support.ts';
import { purgeOldAuthEvents } from './auth-events.ts';
import type { IdentityContext } from './context.ts';
import { authEvents } from './schema.ts';
import {
  claimSignature,
  clientSessionKey,
  computeX,
  createClientEphemeral,
  srpTimestamp,
} from './srp.ts';
import { startTestIdentity, type RunningIdentity } from './test-support.ts';

/** Sign-in history: recorded by the pool, read with AdminListUserAuthEvents through the SDK. */
let identity: RunningIdentity;
let fromV4: CognitoIdentityProviderClient;
let fromV6: CognitoIdentityProviderClient;
let UserPoolId = '';
let ClientId = '';

/** A public client whose requests arrive, through the trusted local proxy, from `address`. */
function clientFrom(address: string) {
  const client = identity.publicClient();
  client.middlewareStack.add(
    (next) => (args) => {
      (args.request as { headers: Record<string, string> }).headers['x-forwarded-for'] = address;
      return next(args);
    },
    { step: 'build' },
  );
  return client;
}

beforeAll(async () => {
  identity = await startTestIdentity();
  UserPoolId = identity.service.config.userPoolId;
  ClientId = identity.service.config.clientId;
  fromV4 = clientFrom('203.0.113.77');
  fromV6 = clientFrom('2001:db8:abcd:12::7');
  for (const name of ['carla', 'dev', 'erin'])
    await createConfirmedUser(identity, `${name}@roost.test`);
});

afterAll(async () => {
  fromV4?.destroy();
  fromV6?.destroy();
  await identity?.stop();
});

const eventsOf = async (Username: string, MaxResults?: number, NextToken?: string) =>
  identity.admin.send(
    new AdminListUserAuthEventsCommand({ UserPoolId, Username, MaxResults, NextToken }),
  );
const summary = (events: AuthEventType[] = []) =>
  events.map((event) => ({
    EventType: event.EventType,
    EventResponse: event.EventResponse,
    ChallengeResponses: event.ChallengeResponses,
    IpAddress: event.EventContextData?.IpAddress,
  }));
const password_ = (ok: boolean) => ({
  ChallengeName: 'Password',
  ChallengeResponse: ok ? 'Success' : 'Failure',
});
const mfa = (ok: boolean) => ({
  ChallengeName: 'Mfa',
  ChallengeResponse: ok ? 'Success' : 'Failure',
});

async function srpSignIn(
  client: CognitoIdentityProviderClient,
  username: string,
  secret = password,
) {
  const ephemeral = createClientEphemeral();
  const initiated = await client.send(
    new InitiateAuthCommand({
      ClientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: username, SRP_A: ephemeral.A.toString(16) },
    }),
  );
  const p = initiated.ChallengeParameters!;
  const poolName = UserPoolId.split('_')[1]!;
  const key = clientSessionKey({
    ...ephemeral,
    B: BigInt(`0x${p.SRP_B}`),
    x: computeX(p.SALT!, poolName, p.USER_ID_FOR_SRP!, secret),
  });
  const timestamp = srpTimestamp();
  const answer = new RespondToAuthChallengeCommand({
    ClientId,
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeResponses: {
      USERNAME: p.USER_ID_FOR_SRP!,
      PASSWORD_CLAIM_SECRET_BLOCK: p.SECRET_BLOCK!,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: claimSignature(
        key,
        poolName,
        p.USER_ID_FOR_SRP!,
        p.SECRET_BLOCK!,
        timestamp,
      ),
    },
  });
  return { answer, result: await client.send(answer) };
}

describe('AdminListUserAuthEvents', () => {
  it('records password sign-ins that pass and fail, with only the network of the address', async () => {
    const before = Date.now() - 1000;
    await passwordSignIn(identity, fromV4, 'carla@roost.test');
    await expect(
      passwordSignIn(identity, fromV6, 'carla@roost.test', 'Wrong-pass-99'),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    const { AuthEvents, NextToken } = await eventsOf('carla@roost.test');
    expect(NextToken).toBeUndefined();
    expect(summary(AuthEvents)).toEqual([
      {
        EventType: 'SignIn',
        EventResponse: 'Fail',
        ChallengeResponses: [password_(false)],
        IpAddress: '2001:db8:abcd::/48',
      },
      {
        EventType: 'SignIn',
        EventResponse: 'Pass',
        ChallengeResponses: [password_(true)],
        IpAddress: '203.0.113.0/24',
      },
    ]);
    for (const event of AuthEvents!) {
      expect(event.EventId).toMatch(/^[0-9a-f-]{36}$/);
      expect(event.CreationDate!.getTime()).toBeGreaterThanOrEqual(before);
      expect(event.CreationDate!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(event.EventRisk).toBeUndefined();
    }
    const stored = JSON.stringify(await identity.database.db.select().from(authEvents));
    expect(stored).not.toContain('203.0.113.77');
    expect(stored).not.toMatch(/abcd:12/);
  });

  it('records SRP sign-ins on the one-statement path, once per answer', async () => {
    const { answer, result } = await srpSignIn(fromV4, 'dev@roost.test');
    expect(result.AuthenticationResult?.AccessToken).toBeTruthy();
    await expect(fromV4.send(answer)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(srpSignIn(fromV4, 'dev@roost.test', 'Wrong-pass-99')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(summary((await eventsOf('dev@roost.test')).AuthEvents)).toEqual([
      {
        EventType: 'SignIn',
        EventResponse: 'Fail',
        ChallengeResponses: [password_(false)],
        IpAddress: '203.0.113.0/24',
      },
      {
        EventType: 'SignIn',
        EventResponse: 'Pass',
        ChallengeResponses: [password_(true)],
        IpAddress: '203.0.113.0/24',
      },
    ]);
  });

  it('records a wrong and a right MFA code after the password', async () => {
    await identity.admin.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId,
        Username: 'erin@roost.test',
        EmailMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const challenge = await passwordSignIn(identity, fromV4, 'erin@roost.test');
    expect(challenge.ChallengeName).toBe('EMAIL_OTP');
    const respond = (code: string) =>
      fromV4.send(
        new RespondToAuthChallengeCommand({
          ClientId,
          ChallengeName: 'EMAIL_OTP',
          Session: challenge.Session,
          ChallengeResponses: {
            USERNAME: challenge.ChallengeParameters!.USERNAME!,
            EMAIL_OTP_CODE: code,
          },
        }),
      );
    const code = identity.lastCode('erin@roost.test');
    await expect(respond(code === '000000' ? '111111' : '000000')).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    await expect(respond(code)).resolves.toHaveProperty('AuthenticationResult.AccessToken');
    expect(summary((await eventsOf('erin@roost.test')).AuthEvents)).toEqual([
      {
        EventType: 'SignIn',
        EventResponse: 'Pass',
        ChallengeResponses: [password_(true), mfa(true)],
        IpAddress: '203.0.113.0/24',
      },
      {
        EventType: 'SignIn',
        EventResponse: 'Fail',
        ChallengeResponses: [password_(true), mfa(false)],
        IpAddress: '203.0.113.0/24',
      },
    ]);
  });

  it('pages newest first with MaxResults and NextToken', async () => {
    for (let i = 0; i < 3; i += 1) await passwordSignIn(identity, fromV4, 'dev@roost.test');
    const all = (await eventsOf('dev@roost.test')).AuthEvents!;
    expect(all).toHaveLength(5);
    const times = all.map((event) => event.CreationDate!.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const page = await eventsOf('dev@roost.test', 2, token);
      expect(page.AuthEvents!.length).toBeLessThanOrEqual(2);
      seen.push(...page.AuthEvents!.map((event) => event.EventId!));
      token = page.NextToken;
    } while (token);
    expect(seen).toEqual(all.map((event) => event.EventId));
  });

  it('answers UserNotFoundException for an unknown user', async () => {
    await expect(eventsOf('nobody@roost.test')).rejects.toMatchObject({
      name: 'UserNotFoundException',
      message: 'User does not exist.',
    });
  });

  it('forgets the history with the user, and after the retention period', async () => {
    const sub = (
      await identity.admin.send(
        new AdminGetUserCommand({ UserPoolId, Username: 'carla@roost.test' }),
      )
    ).Username!;
    await identity.admin.send(
      new AdminDeleteUserCommand({ UserPoolId, Username: 'carla@roost.test' }),
    );
    const db = identity.database.db;
    expect(await db.select().from(authEvents).where(eq(authEvents.userId, sub))).toEqual([]);

    const days = identity.service.config.authEventsDays;
    const [recent] = await db.select().from(authEvents).limit(1);
    await db
      .update(authEvents)
      .set({ createdAt: new Date(Date.now() - (days + 1) * 86_400_000) })
      .where(eq(authEvents.id, recent!.id));
    const total = (await db.select().from(authEvents)).length;
    await purgeOldAuthEvents({ db, config: identity.service.config } as IdentityContext);
    const left = await db.select().from(authEvents);
    expect(left).toHaveLength(total - 1);
    expect(left.map((row) => row.id)).not.toContain(recent!.id);
  });
});
