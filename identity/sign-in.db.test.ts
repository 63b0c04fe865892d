import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimSignature,
  clientSessionKey,
  computeX,
  createClientEphemeral,
  srpTimestamp,
} from './srp.ts';
import { startTestIdentity, type RunningIdentity } from './test-support.ts';

let identity: RunningIdentity;
let client: CognitoIdentityProviderClient;
let poolId = '';
let clientId = '';
const password = 'Garden-flat-31';

beforeAll(async () => {
  identity = await startTestIdentity();
  ({ userPoolId: poolId, clientId } = identity.service.config);
  client = identity.publicClient();
  for (const [email, phone] of [
    ['ivy@roost.test', '+447700900001'],
    ['jack@roost.test', '+447700900002'],
  ] as const) {
    await identity.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: poolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email_verified', Value: 'true' },
          { Name: 'phone_number', Value: phone },
          { Name: 'phone_number_verified', Value: 'true' },
        ],
      }),
    );
    await identity.admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
  }
});

afterAll(async () => {
  client?.destroy();
  await identity?.stop();
});

/** The pool a helper talks to: the shared one unless a test starts its own. */
interface Pool {
  client: CognitoIdentityProviderClient;
  poolId: string;
  clientId: string;
}
const sharedPool = (): Pool => ({ client, poolId, clientId });
/** A test's own pool, on an identity service it started. */
const poolOf = (running: RunningIdentity): Pool => ({
  client: running.publicClient(),
  poolId: running.service.config.userPoolId,
  clientId: running.service.config.clientId,
});

function srpAnswer(
  initiated: InitiateAuthCommandOutput,
  ephemeral: { a: bigint; A: bigint },
  secret = password,
  pool = sharedPool(),
) {
  const p = initiated.ChallengeParameters!;
  const poolName = pool.poolId.split('_')[1]!;
  const key = clientSessionKey({
    ...ephemeral,
    B: BigInt(`0x${p.SRP_B}`),
    x: computeX(p.SALT!, poolName, p.USER_ID_FOR_SRP!, secret),
  });
  const timestamp = srpTimestamp();
  return new RespondToAuthChallengeCommand({
    ClientId: pool.clientId,
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
}

async function startSrp(username: string, pool = sharedPool()) {
  const ephemeral = createClientEphemeral();
  const initiated = await pool.client.send(
    new InitiateAuthCommand({
      ClientId: pool.clientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: username, SRP_A: ephemeral.A.toString(16) },
    }),
  );
  return { initiated, ephemeral };
}

describe('SRP through the AWS SDK', () => {
  it('signs in once per secret block: a replayed answer is refused', async () => {
    const { initiated, ephemeral } = await startSrp('IVY@roost.test');
    expect(initiated.ChallengeName).toBe('PASSWORD_VERIFIER');
    const answer = srpAnswer(initiated, ephemeral);
    const result = await client.send(answer);
    expect(result.AuthenticationResult?.IdToken).toBeTruthy();
    await expect(client.send(answer)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid session for the user, session can only be used once.',
    });
  });

  it('refuses a wrong password, and a tampered secret block', async () => {
    const { initiated, ephemeral } = await startSrp('ivy@roost.test');
    await expect(
      client.send(srpAnswer(initiated, ephemeral, 'Wrong-pass-99')),
    ).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    });
    const second = await startSrp('ivy@roost.test');
    const block = Buffer.from(second.initiated.ChallengeParameters!.SECRET_BLOCK!, 'base64');
    block[20] = block[20]! ^ 1;
    second.initiated.ChallengeParameters!.SECRET_BLOCK = block.toString('base64');
    await expect(client.send(srpAnswer(second.initiated, second.ephemeral))).rejects.toMatchObject({
      message: 'Invalid session for the user.',
    });
  });

  it('checks the user again between the challenge and the answer', async () => {
    const {
      AdminDisableUserCommand,
      AdminEnableUserCommand,
      AdminAddUserToGroupCommand,
      CreateGroupCommand,
    } = await import('@aws-sdk/client-cognito-identity-provider');
    const disabled = await startSrp('ivy@roost.test');
    await identity.admin.send(
      new AdminDisableUserCommand({ UserPoolId: poolId, Username: 'ivy@roost.test' }),
    );
    await expect(
      client.send(srpAnswer(disabled.initiated, disabled.ephemeral)),
    ).rejects.toMatchObject({
      message: 'User is disabled.',
    });
    await identity.admin.send(
      new AdminEnableUserCommand({ UserPoolId: poolId, Username: 'ivy@roost.test' }),
    );

    const changed = await startSrp('ivy@roost.test');
    await identity.admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId,
        Username: 'ivy@roost.test',
        Password: 'Other-pass-55',
        Permanent: true,
      }),
    );
    await expect(
      client.send(srpAnswer(changed.initiated, changed.ephemeral)),
    ).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    });
    await identity.admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId,
        Username: 'ivy@roost.test',
        Password: password,
        Permanent: true,
      }),
    );

    const grouped = await startSrp('ivy@roost.test');
    await identity.admin.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: 'agents' }));
    await identity.admin.send(
      new AdminAddUserToGroupCommand({
        UserPoolId: poolId,
        Username: 'ivy@roost.test',
        GroupName: 'agents',
      }),
    );
    const result = await client.send(srpAnswer(grouped.initiated, grouped.ephemeral));
    const claims = JSON.parse(
      Buffer.from(result.AuthenticationResult!.IdToken!.split('.')[1]!, 'base64url').toString(),
    );
    expect(claims['cognito:groups']).toEqual(['agents']);
  });

  it('gives unknown users a challenge that looks real but always fails', async () => {
    const { initiated, ephemeral } = await startSrp('nobody@roost.test');
    expect(initiated.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(initiated.ChallengeParameters!.USER_ID_FOR_SRP).toMatch(/^[0-9a-f-]{36}$/);
    await expect(client.send(srpAnswer(initiated, ephemeral))).rejects.toMatchObject({
      message: 'Incorrect username or password.',
    });
  });
});

describe('e-mail and SMS MFA, and passwordless e-mail sign-in', () => {
  async function accessTokenFor(email: string) {
    const result = await client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return result.AuthenticationResult!.AccessToken!;
  }

  it('asks for an e-mailed code when e-mail MFA is on', async () => {
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: await accessTokenFor('ivy@roost.test'),
        EmailMfaSettings: { Enabled: true, PreferredMfa: true },
      }),
    );
    const { initiated, ephemeral } = await startSrp('ivy@roost.test');
    const challenge = await client.send(srpAnswer(initiated, ephemeral));
    expect(challenge.ChallengeName).toBe('EMAIL_OTP');
    expect(challenge.ChallengeParameters!.CODE_DELIVERY_DESTINATION).toBe('i***@r***');
    const respond = (code: string) =>
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: clientId,
          ChallengeName: 'EMAIL_OTP',
          Session: challenge.Session,
          ChallengeResponses: {
            USERNAME: challenge.ChallengeParameters!.USERNAME!,
            EMAIL_OTP_CODE: code,
          },
        }),
      );
    const code = identity.lastCode('ivy@roost.test');
    await expect(respond(code === '111111' ? '222222' : '111111')).rejects.toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid code received for user',
    });
    // A wrong code leaves the session usable for another try, as Cognito does.
    const done = await respond(code);
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('offers a choice when SMS and e-mail MFA are both on with no preference', async () => {
    await client.send(
      new SetUserMFAPreferenceCommand({
        AccessToken: await accessTokenFor('jack@roost.test'),
        EmailMfaSettings: { Enabled: true },
        SMSMfaSettings: { Enabled: true },
      }),
    );
    const { initiated, ephemeral } = await startSrp('jack@roost.test');
    const select = await client.send(srpAnswer(initiated, ephemeral));
    expect(select.ChallengeName).toBe('SELECT_MFA_TYPE');
    expect(JSON.parse(select.ChallengeParameters!.MFAS_CAN_CHOOSE!)).toEqual([
      'SMS_MFA',
      'EMAIL_OTP',
    ]);
    const sms = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SELECT_MFA_TYPE',
        Session: select.Session,
        ChallengeResponses: { USERNAME: select.ChallengeParameters!.USERNAME!, ANSWER: 'SMS_MFA' },
      }),
    );
    expect(sms.ChallengeName).toBe('SMS_MFA');
    expect(identity.messages.at(-1)).toMatchObject({ channel: 'sms', to: '+447700900002' });
    const done = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SMS_MFA',
        Session: sms.Session,
        ChallengeResponses: {
          USERNAME: sms.ChallengeParameters!.USERNAME!,
          SMS_MFA_CODE: identity.lastCode('+447700900002'),
        },
      }),
    );
    expect(done.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('signs in with USER_AUTH and an e-mailed one-time code', async () => {
    const select = await client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_AUTH',
        AuthParameters: { USERNAME: 'ivy@roost.test' },
      }),
    );
    expect(select.ChallengeName).toBe('SELECT_CHALLENGE');
    expect(select.AvailableChallenges).toEqual(['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP']);
    const otp = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SELECT_CHALLENGE',
        Session: select.Session,
        ChallengeResponses: { USERNAME: 'ivy@roost.test', ANSWER: 'EMAIL_OTP' },
      }),
    );
    expect(otp.ChallengeName).toBe('EMAIL_OTP');
    const done = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'EMAIL_OTP',
        Session: otp.Session,
        ChallengeResponses: {
          USERNAME: otp.ChallengeParameters!.USERNAME!,
          EMAIL_OTP_CODE: identity.lastCode('ivy@roost.test'),
        },
      }),
    );
    expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
  });
});

describe('sign-in rate limit per address', () => {
  it('answers TooManyRequestsException past the limit', async () => {
    const limited = await startTestIdentity({ limits: { signInRequestsPerMinute: 3 } });
    const sdk = limited.publicClient();
    try {
      const attempt = () =>
        sdk.send(
          new InitiateAuthCommand({
            ClientId: limited.service.config.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: 'someone@roost.test', PASSWORD: 'Wrong-pass-1' },
          }),
        );
      for (let i = 0; i < 3; i += 1) {
        await expect(attempt()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      }
      await expect(attempt()).rejects.toMatchObject({
        name: 'TooManyRequestsException',
        message: 'Rate exceeded',
      });
    } finally {
      sdk.destroy();
      await limited.stop();
    }
  });

  it('counts a wrong SRP answer, but not an answer that proves the password', async () => {
    const limited = await startTestIdentity({ limits: { signInRequestsPerMinute: 3 } });
    const pool = poolOf(limited);
    try {
      await limited.admin.send(
        new AdminCreateUserCommand({
          UserPoolId: pool.poolId,
          Username: 'kit@roost.test',
          MessageAction: 'SUPPRESS',
        }),
      );
      await limited.admin.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: pool.poolId,
          Username: 'kit@roost.test',
          Password: password,
          Permanent: true,
        }),
      );
      // Three sign-ins: three counted starts, three uncounted right answers.
      for (let i = 0; i < 3; i += 1) {
        const { initiated, ephemeral } = await startSrp('kit@roost.test', pool);
        const done = await pool.client.send(srpAnswer(initiated, ephemeral, password, pool));
        expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
      }
      await expect(startSrp('kit@roost.test', pool)).rejects.toMatchObject({
        name: 'TooManyRequestsException',
      });
    } finally {
      pool.client.destroy();
      await limited.stop();
    }
    const strict = await startTestIdentity({ limits: { signInRequestsPerMinute: 2 } });
    const other = poolOf(strict);
    try {
      // Unknown user: a start (1) and a wrong answer (2) are both counted, so the answer after
      // them is refused before it is checked.
      const { initiated, ephemeral } = await startSrp('nobody@roost.test', other);
      await expect(
        other.client.send(srpAnswer(initiated, ephemeral, 'Wrong-pass-99', other)),
      ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
      await expect(
        other.client.send(srpAnswer(initiated, ephemeral, 'Wrong-pass-98', other)),
      ).rejects.toMatchObject({ name: 'TooManyRequestsException' });
    } finally {
      other.client.destroy();
      await strict.stop();
    }
  });
});
