import { invalidParameter } from './errors.ts';
import type { User } from './users.ts';

const standardAttributes = new Set([
  'address',
  'birthdate',
  'email',
  'email_verified',
  'family_name',
  'gender',
  'given_name',
  'locale',
  'middle_name',
  'name',
  'nickname',
  'phone_number',
  'phone_number_verified',
  'picture',
  'preferred_username',
  'profile',
  'updated_at',
  'website',
  'zoneinfo',
]);

const emailPattern = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;
const phonePattern = /^\+[1-9]\d{6,14}$/;

export const isEmail = (value: string) => emailPattern.test(value);
export const isPhone = (value: string) => phonePattern.test(value);

export interface AttributeInput {
  Name?: unknown;
  Value?: unknown;
}

/**
 * Validates `UserAttributes` as Cognito does and returns them as a map. `allowVerified` lets
 * administrators set `email_verified` and `phone_number_verified`.
 */
export function parseAttributes(list: unknown, allowVerified = false): Record<string, string> {
  if (list === undefined || list === null) return {};
  if (!Array.isArray(list) || list.length > 50) {
    throw invalidParameter(
      '1 validation error detected: UserAttributes must be a list of at most 50 attributes',
    );
  }
  const out: Record<string, string> = {};
  for (const item of list as AttributeInput[]) {
    const name = item?.Name;
    const value = item?.Value ?? '';
    if (typeof name !== 'string' || typeof value !== 'string' || value.length > 2048) {
      throw invalidParameter(
        "1 validation error detected: Value at 'userAttributes' failed to satisfy constraint",
      );
    }
    const isCustom = /^custom:[\w.-]{1,20}$/.test(name);
    if (!isCustom && !standardAttributes.has(name)) {
      throw invalidParameter(
        `Attributes did not conform to the schema: Type for attribute {${name}} could not be determined`,
      );
    }
    if (!allowVerified && (name === 'email_verified' || name === 'phone_number_verified')) {
      throw invalidParameter(`Cannot modify the non-mutable attribute ${name}`);
    }
    if (name === 'email' && value && !isEmail(value))
      throw invalidParameter('Invalid email address format.');
    if (name === 'phone_number' && value && !isPhone(value))
      throw invalidParameter('Invalid phone number format.');
    out[name] = name === 'email' ? value.trim().toLowerCase() : value;
  }
  return out;
}

export function attributeList(user: User): { Name: string; Value: string }[] {
  const attributes = { sub: user.id, ...user.attributes };
  return Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }));
}
