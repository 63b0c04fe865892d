// `npm run users -- <command>`: manage user-pool accounts through the Cognito admin operations.
//
//   create --email a@b.c [--name "Ann Bee"] [--group admins]... [--password P]
//   add-to-group --email a@b.c --group admins
//   remove-from-group --email a@b.c --group admins
//   list [--filter 'email ^= "a"']
//   disable --email a@b.c | enable --email a@b.c | delete --email a@b.c
//   history --email a@b.c                  (sign-in history, newest first)
//
// It talks AWS Signature V4 to the user pool: in-process against the database when it can open
// it, otherwise to the running server (`--endpoint`, default PUBLIC_URL/idp) — PGlite allows one
// process, so with `npm start` running the CLI goes through the server.
import http from 'node:http';
import { parseArgs } from 'node:util';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminListUserAuthEventsCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import express from 'express';
import {
  DatabaseLockedError,
  databaseTarget,
  openDatabase,
  type DatabaseHandle,
} from '../db/client.ts';
import { initialClusterFile, prepareDatabase } from '../server/prepare-database.ts';
import { createIdentityService } from '../identity/public.ts';
import { loadConfig } from '../server/config.ts';
import { createLogger } from '../server/logger.ts';
import { createMailer } from '../server/mail/mailer.ts';

const usage = `Usage: npm run users -- <create|add-to-group|remove-from-group|list|disable|enable|delete|history> [options]
  --email <address>   the account's e-mail address (its username)
  --group <name>      a group (repeatable with create)
  --name <text>       the person's name (create)
  --password <text>   a permanent password instead of an e-mailed temporary one (create)
  --filter <expr>     a ListUsers filter, e.g. 'email ^= "ann"' (list)
  --endpoint <url>    a running server's user-pool endpoint, e.g. http://localhost:3000/idp`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    group: { type: 'string', multiple: true },
    name: { type: 'string' },
    password: { type: 'string' },
    filter: { type: 'string' },
    endpoint: { type: 'string' },
    help: { type: 'boolean' },
  },
});
const command = positionals[0];
if (!command || values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(command ? 0 : 1);
}

const config = loadConfig(process.env);
const logger = createLogger({ ...config, logLevel: 'warn' });
const identityConfig = config.identity;
const poolId = identityConfig.userPoolId;

async function connect(): Promise<{
  client: CognitoIdentityProviderClient;
  close(): Promise<void>;
}> {
  const viaServer = (endpoint: string) => {
    const client = new CognitoIdentityProviderClient({
      region: identityConfig.region,
      endpoint,
      credentials: identityConfig.adminCredentials,
      maxAttempts: 1,
    });
    return { client, close: async () => client.destroy() };
  };
  if (values.endpoint) return viaServer(values.endpoint);
  let database: DatabaseHandle;
  try {
    database = await openDatabase(
      databaseTarget({ ...config, initialCluster: initialClusterFile() }),
    );
  } catch (error) {
    if (error instanceof DatabaseLockedError) return viaServer(identityConfig.endpointUrl);
    throw error;
  }
  await prepareDatabase(database);
  const mailer = createMailer(config.mail, logger);
  const service = await createIdentityService({
    db: database.db,
    config: identityConfig,
    logger,
    sendMessage: mailer.send,
  });
  const server = http.createServer(express().use(service.router));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const connection = viaServer(`http://127.0.0.1:${port}/idp`);
  return {
    client: connection.client,
    close: async () => {
      await connection.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
      mailer.close();
      await database.close();
    },
  };
}

function requireEmail(): string {
  if (!values.email) throw new Error('--email is required');
  return values.email;
}

async function addToGroup(client: CognitoIdentityProviderClient, email: string, group: string) {
  try {
    await client.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: group }));
  } catch (error) {
    if ((error as Error).name !== 'GroupExistsException') throw error;
  }
  await client.send(
    new AdminAddUserToGroupCommand({ UserPoolId: poolId, Username: email, GroupName: group }),
  );
}

const { client, close } = await connect();
try {
  switch (command) {
    case 'create': {
      const email = requireEmail();
      const created = await client.send(
        new AdminCreateUserCommand({
          UserPoolId: poolId,
          Username: email,
          UserAttributes: [
            { Name: 'email_verified', Value: 'true' },
            ...(values.name ? [{ Name: 'name', Value: values.name }] : []),
          ],
          ...(values.password ? { MessageAction: 'SUPPRESS' as const } : {}),
        }),
      );
      if (values.password) {
        await client.send(
          new AdminSetUserPasswordCommand({
            UserPoolId: poolId,
            Username: email,
            Password: values.password,
            Permanent: true,
          }),
        );
      }
      for (const group of values.group ?? []) await addToGroup(client, email, group);
      process.stdout.write(
        `Created ${email} (sub ${created.User?.Username})${values.group?.length ? ` in ${values.group.join(', ')}` : ''}.\n` +
          (values.password
            ? 'They can sign in with the password given.\n'
            : 'A temporary password was e-mailed (see /dev/outbox without SMTP); they choose their own at first sign-in.\n'),
      );
      break;
    }
    case 'add-to-group':
    case 'remove-from-group': {
      const email = requireEmail();
      const [group] = values.group ?? [];
      if (!group) throw new Error('--group is required');
      if (command === 'add-to-group') await addToGroup(client, email, group);
      else
        await client.send(
          new AdminRemoveUserFromGroupCommand({
            UserPoolId: poolId,
            Username: email,
            GroupName: group,
          }),
        );
      process.stdout.write(
        `${command === 'add-to-group' ? 'Added' : 'Removed'} ${email} ${command === 'add-to-group' ? 'to' : 'from'} ${group}.\n`,
      );
      break;
    }
    case 'list': {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListUsersCommand({
            UserPoolId: poolId,
            Filter: values.filter,
            PaginationToken: token,
          }),
        );
        for (const user of page.Users ?? []) {
          const email =
            user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value ?? '';
          process.stdout.write(
            `${email}\t${user.UserStatus}\t${user.Enabled ? 'enabled' : 'disabled'}\t${user.Username}\n`,
          );
        }
        token = page.PaginationToken;
      } while (token);
      break;
    }
    case 'history': {
      const email = requireEmail();
      let token: string | undefined;
      do {
        const page = await client.send(
          new AdminListUserAuthEventsCommand({
            UserPoolId: poolId,
            Username: email,
            NextToken: token,
          }),
        );
        for (const event of page.AuthEvents ?? []) {
          const steps = (event.ChallengeResponses ?? [])
            .map((step) => `${step.ChallengeName}:${step.ChallengeResponse}`)
            .join(',');
          process.stdout.write(
            `${event.CreationDate?.toISOString()}\t${event.EventType}\t${event.EventResponse}\t${steps || '-'}\t${event.EventContextData?.IpAddress ?? '-'}\n`,
          );
        }
        token = page.NextToken;
      } while (token);
      break;
    }
    case 'disable':
    case 'enable':
    case 'delete': {
      const email = requireEmail();
      const Command = {
        disable: AdminDisableUserCommand,
        enable: AdminEnableUserCommand,
        delete: AdminDeleteUserCommand,
      }[command];
      await client.send(new Command({ UserPoolId: poolId, Username: email }));
      process.stdout.write(
        `${command === 'delete' ? 'Deleted' : `${command[0]!.toUpperCase()}${command.slice(1)}d`} ${email}.\n`,
      );
      break;
    }
    default:
      process.stderr.write(`Unknown command ${command}.\n${usage}\n`);
      process.exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`${(error as Error).name}: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await close();
}
