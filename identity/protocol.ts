import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { IdentityContext } from './context.ts';
import { CognitoError } from './errors.ts';
import { adminListUserAuthEvents } from './operations/admin/auth-events.ts';
import { adminCreateUser } from './operations/admin/create-user.ts';
import * as groups from './operations/admin/groups.ts';
import { describeUserPool, listUsers } from './operations/admin/list-users.ts';
import * as manage from './operations/admin/manage-user.ts';
import { internalError, type Operation } from './operations/common.ts';
import * as devices from './operations/devices.ts';
import { initiateAuth, respondToAuthChallenge } from './operations/sign-in.ts';
import { confirmSignUp, resendConfirmationCode, signUp } from './operations/sign-up.ts';
import { getTokensFromRefreshToken, globalSignOut, revokeToken } from './operations/tokens.ts';
import * as user from './operations/user.ts';
import { assertStorableStrings, createBodyReader, headerSafe } from './protocol-input.ts';
import { verifySigV4 } from './sigv4.ts';

/** Operations anyone may call (the access token or code in the body is the credential). */
const publicOperations: Record<string, Operation> = {
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  GetTokensFromRefreshToken: getTokensFromRefreshToken,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
  GetUser: user.getUser,
  UpdateUserAttributes: user.updateUserAttributes,
  GetUserAttributeVerificationCode: user.getUserAttributeVerificationCode,
  VerifyUserAttribute: user.verifyUserAttribute,
  DeleteUserAttributes: user.deleteUserAttributes,
  ChangePassword: user.changePassword,
  DeleteUser: user.deleteUser,
  ForgotPassword: user.forgotPassword,
  ConfirmForgotPassword: user.confirmForgotPassword,
  AssociateSoftwareToken: user.associateSoftwareToken,
  VerifySoftwareToken: user.verifySoftwareToken,
  SetUserMFAPreference: user.setUserMFAPreference,
  ConfirmDevice: devices.confirmDevice,
  UpdateDeviceStatus: devices.updateDeviceStatus,
  ForgetDevice: devices.forgetDevice,
  ListDevices: devices.listDevices,
  GetDevice: devices.getDevice,
};

/** Operations that need an AWS Signature V4 made with the configured admin credentials. */
const adminOperations: Record<string, Operation> = {
  AdminCreateUser: adminCreateUser,
  AdminGetUser: manage.adminGetUser,
  AdminSetUserPassword: manage.adminSetUserPassword,
  AdminConfirmSignUp: manage.adminConfirmSignUp,
  AdminUpdateUserAttributes: manage.adminUpdateUserAttributes,
  AdminDisableUser: manage.adminDisableUser,
  AdminEnableUser: manage.adminEnableUser,
  AdminDeleteUser: manage.adminDeleteUser,
  AdminResetUserPassword: manage.adminResetUserPassword,
  AdminUserGlobalSignOut: manage.adminUserGlobalSignOut,
  AdminSetUserMFAPreference: manage.adminSetUserMFAPreference,
  AdminListUserAuthEvents: adminListUserAuthEvents,
  ListUsers: listUsers,
  CreateGroup: groups.createGroup,
  GetGroup: groups.getGroup,
  DeleteGroup: groups.deleteGroup,
  ListGroups: groups.listGroups,
  AdminAddUserToGroup: groups.adminAddUserToGroup,
  AdminRemoveUserFromGroup: groups.adminRemoveUserFromGroup,
  AdminListGroupsForUser: groups.adminListGroupsForUser,
  ListUsersInGroup: groups.listUsersInGroup,
  DescribeUserPool: describeUserPool,
};

/** Operations Amplify reads with an empty deserialiser: the body is ignored, but must be there. */
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export function sendError(res: Response, requestId: string, error: CognitoError) {
  res
    .status(error.status)
    .set({
      'content-type': 'application/x-amz-json-1.1',
      'x-amzn-requestid': requestId,
      'x-amzn-errortype': `${error.type}:`,
      'x-amzn-errormessage': headerSafe(error.message),
      ...(error.retryAfterSeconds ? { 'retry-after': String(error.retryAfterSeconds) } : {}),
    })
    .send(JSON.stringify({ __type: error.type, message: error.message }));
}

export function applyCors(ctx: IdentityContext, req: Request, res: Response) {
  const origin = req.headers.origin;
  const allowed = ctx.config.corsOrigins;
  if (allowed === '*') res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  else if (origin && allowed.includes(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader(
    'Access-Control-Expose-Headers',
    'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  );
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

/** The user-pool JSON API: `POST <mount>` with `X-Amz-Target`, as Cognito's endpoint. */
export function createProtocolHandler(ctx: IdentityContext) {
  const rawBody = createBodyReader((req, res, error) => {
    applyCors(ctx, req, res);
    res.setHeader('Cache-Control', 'no-store');
    sendError(res, randomUUID(), error);
  });

  const preflight = (req: Request, res: Response) => {
    applyCors(ctx, req, res);
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ??
        'content-type, x-amz-target, x-amz-user-agent, amz-sdk-invocation-id, amz-sdk-request, cache-control',
    );
    res.setHeader('Access-Control-Max-Age', '86400');
    res.status(204).end();
  };

  const handle = async (req: Request, res: Response) => {
    const requestId = randomUUID();
    applyCors(ctx, req, res);
    res.setHeader('Cache-Control', 'no-store');
    try {
      const name = operationName(req);
      const body: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const input = parseInput(body);
      const operation = await operationFor(ctx, req, name, body);
      // Checked once here for every operation: no string reaches the database unstorable.
      assertStorableStrings(input);
      const request = {
        sourceIp: req.ip ?? 'unknown',
        ...(typeof req.headers['amz-sdk-invocation-id'] === 'string'
          ? { invocationId: req.headers['amz-sdk-invocation-id'] }
          : {}),
      };
      const output = await operation({ ...ctx, request }, input, request);
      // Written directly, with the headers Express's `send` gave it: `send` would also hash the
      // body for an ETag, which an answer to a POST never uses.
      const json = JSON.stringify(output);
      res.writeHead(200, {
        'content-type': 'application/x-amz-json-1.1; charset=utf-8',
        'x-amzn-requestid': requestId,
        'content-length': Buffer.byteLength(json),
      });
      res.end(json);
    } catch (error) {
      if (error instanceof CognitoError) {
        sendError(res, requestId, error);
        return;
      }
      ctx.logger.error({ err: error, requestId }, 'identity: operation failed');
      sendError(res, requestId, internalError());
    }
  };

  return { rawBody, preflight, handle };
}

function operationName(req: Request): string {
  const target = String(req.headers['x-amz-target'] ?? '');
  if (!target.startsWith(TARGET_PREFIX)) {
    throw new CognitoError('UnknownOperationException', 'Missing or unknown X-Amz-Target header.');
  }
  return target.slice(TARGET_PREFIX.length);
}

function parseInput(body: Buffer): Record<string, unknown> {
  let input: unknown = {};
  if (body.length > 0) {
    try {
      input = JSON.parse(body.toString('utf8'));
    } catch {
      throw new CognitoError('SerializationException', 'Malformed request body.');
    }
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new CognitoError('SerializationException', 'Request body must be a JSON object.');
  }
  return input as Record<string, unknown>;
}

/** The named operation: a public one, or an admin one when the request is SigV4-signed. */
async function operationFor(ctx: IdentityContext, req: Request, name: string, body: Buffer) {
  const operation = publicOperations[name];
  if (operation) return operation;
  const adminOperation = adminOperations[name];
  if (adminOperation) {
    const query = Object.fromEntries(
      Object.entries(req.query).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    const isSigned = await verifySigV4(
      {
        method: req.method,
        path: req.originalUrl.split('?')[0]!,
        query,
        headers: req.headers,
        body,
      },
      ctx.config.adminCredentials,
    );
    if (!isSigned) {
      throw new CognitoError(
        'NotAuthorizedException',
        'The request signature we calculated does not match the signature you provided.',
      );
    }
    return adminOperation;
  }
  throw new CognitoError(
    'UnknownOperationException',
    `Operation ${name.slice(0, 64)} is not supported.`,
  );
}
