// The floor for `npm run bench:auth`: the cryptography one SRP sign-in cannot do without, timed
// alone in the server's process — the server's three modular exponentiations (g^b for B, then
// (A·v^u)^b) and the two RS256 signatures of its ID and access tokens — with no HTTP, no
// database and no protocol around it.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { signRs256 } from '../../identity/tokens.ts';
import {
  createClientEphemeral,
  createServerEphemeral,
  createVerifier,
  serverSessionKey,
} from '../../identity/srp.ts';

/** CPU milliseconds of one sign-in's cryptography, averaged over `rounds`. */
export async function srpCryptoCpuMs(rounds: number): Promise<number> {
  const verifier = BigInt(
    `0x${createVerifier('bench', 'floor@roost.test', 'Floor-pass-123').verifier}`,
  );
  const clients = Array.from({ length: rounds + 10 }, () => createClientEphemeral());
  // The same key type, and the same signing call, as the token service's.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>) =>
    signRs256(
      privateKey,
      { kid: 'floor', alg: 'RS256' },
      {
        ...claims,
        origin_jti: randomUUID(),
        event_id: randomUUID(),
        auth_time: now,
        sub: randomUUID(),
        iss: 'http://127.0.0.1/idp/eu-west-2_bench',
        iat: now,
        exp: now + 3600,
        jti: randomUUID(),
      },
    );
  const once = (index: number) => {
    const ephemeral = createServerEphemeral(verifier);
    if (!serverSessionKey(clients[index]!.A, verifier, ephemeral)) throw new Error('SRP failed');
    sign({ token_use: 'id', email: 'floor@roost.test', email_verified: true });
    sign({ token_use: 'access', client_id: 'floor', scope: 'aws.cognito.signin.user.admin' });
  };
  for (let index = 0; index < 10; index += 1) once(rounds + index); // warm up
  const before = process.cpuUsage();
  for (let index = 0; index < rounds; index += 1) once(index);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / rounds;
}
