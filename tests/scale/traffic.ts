import type { Cluster } from './cluster.ts';
import { idp, PASSWORD, passwordSignIn, srpSignIn, type Pool } from './identity-client.ts';
import { unique, visitor } from './world.ts';

/**
 * Steady traffic through the balancer while a scenario breaks something: a few requests at a
 * time, each recorded with the order it started in, so a scenario can tell the requests that
 * were in flight at a moment from those sent after it.
 */
export interface TrafficResult {
  /** 1-based order of starting. */
  started: number;
  what: string;
  /** 0: no answer (connection refused or reset). */
  status: number;
  error?: string;
  /** An enquiry the server acknowledged (201). */
  enquiryId?: number;
}

const CONCURRENCY = 4;

export function driveTraffic(
  cluster: Cluster,
  pool: Pool,
  options: { members: string[]; withSignUps?: boolean; enquireOn?: number },
) {
  const base = cluster.balancer.url;
  const results: TrafficResult[] = [];
  let startedCount = 0;
  let isStopped = false;

  const kinds = [
    'search-page',
    'api-read',
    'sign-in',
    'srp-sign-in',
    ...(options.withSignUps ? ['sign-up'] : []),
    ...(options.enquireOn ? ['enquiry', 'enquiry'] : []),
  ];

  async function one(n: number): Promise<Omit<TrafficResult, 'started'>> {
    const kind = kinds[n % kinds.length]!;
    const member = options.members[n % options.members.length]!;
    const headers = visitor(1000 + n);
    switch (kind) {
      case 'search-page': {
        const response = await fetch(`${base}/search/for-sale/?minBeds=${n % 5}`, { headers });
        await response.arrayBuffer();
        return { what: kind, status: response.status };
      }
      case 'api-read': {
        const response = await fetch(`${base}/api/v1/search?channel=rent&limit=6`, { headers });
        await response.arrayBuffer();
        return { what: kind, status: response.status };
      }
      case 'sign-in':
        return { what: kind, status: (await passwordSignIn(base, pool, member, headers)).status };
      case 'srp-sign-in': {
        try {
          const signedIn = await srpSignIn(
            pool,
            member,
            { initiateBase: base, respondBase: base },
            headers,
          );
          return { what: kind, status: signedIn.second.status };
        } catch (error) {
          // The first step's status is in the message ("InitiateAuth …: 503 …").
          const status = Number(/: (\d{3}) /.exec(String(error))?.[1] ?? 0);
          return { what: kind, status, error: String(error).slice(0, 200) };
        }
      }
      case 'sign-up': {
        const email = unique('traffic');
        const answer = await idp(
          base,
          'SignUp',
          {
            ClientId: pool.clientId,
            Username: email,
            Password: PASSWORD,
            UserAttributes: [{ Name: 'email', Value: email }],
          },
          headers,
        );
        return { what: kind, status: answer.status };
      }
      default: {
        const response = await fetch(`${base}/api/v1/listings/${options.enquireOn}/enquiries`, {
          method: 'POST',
          headers: { ...headers, origin: base, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Traffic Tester',
            email: unique('traffic-enquiry'),
            message: 'Is this home still available? I would like to arrange a viewing.',
          }),
        });
        const body = (await response.json().catch(() => ({}))) as { id?: number };
        return {
          what: kind,
          status: response.status,
          ...(response.status === 201 && body.id ? { enquiryId: Number(body.id) } : {}),
        };
      }
    }
  }

  async function worker() {
    while (!isStopped) {
      startedCount += 1;
      const started = startedCount;
      try {
        results.push({ started, ...(await one(started)) });
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        results.push({
          started,
          what: kinds[started % kinds.length]!,
          status: 0,
          error: `${String(error)}${cause ? ` (${String(cause)})` : ''}`,
        });
      }
    }
  }
  const workers = Array.from({ length: CONCURRENCY }, () => worker());

  return {
    completed: () => results.length,
    /** The order number of the last request started so far. */
    mark: () => startedCount,
    /** How many requests started after `mark` have been answered (or failed). */
    completedSince: (mark: number) => results.filter((result) => result.started > mark).length,
    stop: async () => {
      isStopped = true;
      await Promise.all(workers);
      return results.sort((a, b) => a.started - b.started);
    },
  };
}
