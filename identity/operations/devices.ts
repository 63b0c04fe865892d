import { and, desc, eq } from 'drizzle-orm';
import type { IdentityContext } from '../context.ts';
import { invalidParameter, resourceNotFound } from '../errors.ts';
import { devices } from '../schema.ts';
import type { User } from '../users.ts';
import { authenticate, requireString, type Input, type Operation } from './common.ts';

type Device = typeof devices.$inferSelect;

const seconds = (date: Date | null) => (date ? date.getTime() / 1000 : undefined);

function deviceType(device: Device) {
  return {
    DeviceKey: device.deviceKey,
    DeviceAttributes: [
      ...(device.name ? [{ Name: 'device_name', Value: device.name }] : []),
      { Name: 'device_status', Value: device.verifier ? 'valid' : 'invalid' },
      {
        Name: 'dev:device_remembered_status',
        Value: device.remembered ? 'remembered' : 'not_remembered',
      },
    ],
    DeviceCreateDate: seconds(device.createdAt),
    DeviceLastModifiedDate: seconds(device.updatedAt),
    ...(device.lastAuthenticatedAt
      ? { DeviceLastAuthenticatedDate: seconds(device.lastAuthenticatedAt) }
      : {}),
  };
}

async function requireDevice(ctx: IdentityContext, user: User, input: Input): Promise<Device> {
  const key = requireString(input, 'DeviceKey', 55);
  const [device] = await ctx.db
    .select()
    .from(devices)
    .where(and(eq(devices.deviceKey, key), eq(devices.userId, user.id)))
    .limit(1);
  if (!device) throw resourceNotFound('Device does not exist.');
  return device;
}

export const confirmDevice: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  const device = await requireDevice(ctx, user, input);
  const config = input.DeviceSecretVerifierConfig as
    { Salt?: unknown; PasswordVerifier?: unknown } | undefined;
  if (typeof config?.Salt !== 'string' || typeof config.PasswordVerifier !== 'string') {
    throw invalidParameter('DeviceSecretVerifierConfig must have Salt and PasswordVerifier.');
  }
  const name = typeof input.DeviceName === 'string' ? input.DeviceName.slice(0, 1024) : null;
  await ctx.db
    .update(devices)
    .set({
      salt: Buffer.from(config.Salt, 'base64').toString('hex'),
      verifier: Buffer.from(config.PasswordVerifier, 'base64').toString('hex'),
      name,
      remembered: ctx.config.deviceTracking === 'always' ? true : device.remembered,
    })
    .where(eq(devices.deviceKey, device.deviceKey));
  return { UserConfirmationNecessary: ctx.config.deviceTracking === 'opt-in' };
};

export const updateDeviceStatus: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  const device = await requireDevice(ctx, user, input);
  const status = input.DeviceRememberedStatus;
  if (status !== 'remembered' && status !== 'not_remembered') {
    throw invalidParameter(
      "1 validation error detected: Value at 'deviceRememberedStatus' failed to satisfy constraint",
    );
  }
  await ctx.db
    .update(devices)
    .set({ remembered: status === 'remembered' })
    .where(eq(devices.deviceKey, device.deviceKey));
  return {};
};

export const forgetDevice: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  const device = await requireDevice(ctx, user, input);
  await ctx.db.delete(devices).where(eq(devices.deviceKey, device.deviceKey));
  return {};
};

export const getDevice: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  return { Device: deviceType(await requireDevice(ctx, user, input)) };
};

export const listDevices: Operation = async (ctx, input) => {
  const { user } = await authenticate(ctx, input.AccessToken);
  const limit =
    typeof input.Limit === 'number' ? Math.min(Math.max(1, Math.floor(input.Limit)), 60) : 60;
  const rows = await ctx.db
    .select()
    .from(devices)
    .where(eq(devices.userId, user.id))
    .orderBy(desc(devices.createdAt))
    .limit(limit);
  return { Devices: rows.map(deviceType) };
};
