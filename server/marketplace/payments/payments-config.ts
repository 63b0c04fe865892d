import fs from 'node:fs';
import { z } from 'zod';
import { EXAMPLE_SUPPLIER } from '../../../domain/payments/example-supplier.ts';
import { ConfigError } from '../../config-error.ts';

/**
 * Payment settings, validated at start-up like server/config.ts: a bad value stops Roost with
 * one line naming the variable. Stripe is used when STRIPE_SECRET_KEY is set; otherwise the
 * built-in test provider, which production refuses unless PAYMENTS_TEST_MODE=true. Errors are
 * `ConfigError`s, so `loadConfig` prints them as one line and exits.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expected true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const schema = z.object({
  STRIPE_SECRET_KEY: z
    .string()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
      'expected a Stripe secret key (sk_live_… or sk_test_…)',
    )
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(
      /^pk_(test|live)_[A-Za-z0-9]+$/,
      'expected a Stripe publishable key (pk_live_… or pk_test_…)',
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'expected a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_APPLE_PAY_DOMAIN_FILE: z
    .string()
    .refine((file) => fs.existsSync(file) && fs.statSync(file).isFile(), 'expected a readable file')
    .optional(),
  PAYMENTS_TEST_MODE: booleanFlag.default(false),
  SUPPLIER_NAME: z.string().trim().min(2).max(120).optional(),
  SUPPLIER_ADDRESS: z.string().trim().min(10, 'expected a postal address').max(300).optional(),
  SUPPLIER_VAT_NUMBER: z
    .string()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^GB(\d{9}|\d{12})$/, 'expected a UK VAT number such as GB123456789'))
    .optional(),
});

export type PaymentsProviderConfig =
  | { kind: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string }
  | { kind: 'test' }
  /** Production without Stripe keys: checkout answers that payments are unavailable. */
  | { kind: 'off' };

export interface SupplierDetails {
  name: string;
  address: string;
  vatNumber: string;
}

export interface PaymentsConfig {
  provider: PaymentsProviderConfig;
  /** Served at /.well-known/apple-developer-merchantid-domain-association when set. */
  applePayDomainFile: string | undefined;
  /** PAYMENTS_TEST_MODE: the test provider is allowed in production. */
  isTestModeAllowed: boolean;
  supplier: SupplierDetails;
}

/** Example supplier details until SUPPLIER_* are set: outside production only, and said so. */
export const DEFAULT_SUPPLIER: SupplierDetails = {
  name: 'Roost Property Ltd',
  ...EXAMPLE_SUPPLIER,
};

export function parsePaymentsConfig(
  source: NodeJS.ProcessEnv,
  options: { isProduction: boolean; companyName?: string },
): PaymentsConfig {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = schema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // Never echo a secret back into a log.
    const shown =
      name.startsWith('STRIPE_') || present[name] === undefined
        ? ''
        : ` (got ${JSON.stringify(present[name]!.slice(0, 60))})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const env = result.data;
  const fail = (message: string) => {
    throw new ConfigError(`Invalid configuration: ${message}`);
  };

  let provider: PaymentsProviderConfig;
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_PUBLISHABLE_KEY)
      fail('STRIPE_PUBLISHABLE_KEY expected when STRIPE_SECRET_KEY is set');
    if (!env.STRIPE_WEBHOOK_SECRET)
      fail('STRIPE_WEBHOOK_SECRET expected when STRIPE_SECRET_KEY is set');
    const mode = (key: string) => (key.includes('_live_') ? 'live' : 'test');
    if (mode(env.STRIPE_SECRET_KEY) !== mode(env.STRIPE_PUBLISHABLE_KEY!)) {
      fail('STRIPE_PUBLISHABLE_KEY is for a different mode (live or test) from STRIPE_SECRET_KEY');
    }
    provider = {
      kind: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    };
  } else if (env.STRIPE_PUBLISHABLE_KEY || env.STRIPE_WEBHOOK_SECRET) {
    fail('STRIPE_SECRET_KEY expected with the other STRIPE_ settings');
  } else {
    provider = options.isProduction && !env.PAYMENTS_TEST_MODE ? { kind: 'off' } : { kind: 'test' };
  }

  // Real money needs real invoices: the supplier's address and VAT number are then required, and
  // production never accepts the example details (test-mode receipts say they are examples).
  const takesMoney = provider!.kind === 'stripe' && options.isProduction;
  if (takesMoney && !env.SUPPLIER_ADDRESS)
    fail('SUPPLIER_ADDRESS expected when taking payments with Stripe in production');
  if (takesMoney && !env.SUPPLIER_VAT_NUMBER)
    fail('SUPPLIER_VAT_NUMBER expected when taking payments with Stripe in production');
  if (options.isProduction && env.SUPPLIER_ADDRESS === EXAMPLE_SUPPLIER.address)
    fail("SUPPLIER_ADDRESS is the example address; set the company's registered address");
  if (options.isProduction && env.SUPPLIER_VAT_NUMBER === EXAMPLE_SUPPLIER.vatNumber)
    fail("SUPPLIER_VAT_NUMBER is the example number; set the company's VAT number");

  return {
    provider: provider!,
    applePayDomainFile: env.STRIPE_APPLE_PAY_DOMAIN_FILE,
    isTestModeAllowed: env.PAYMENTS_TEST_MODE,
    supplier: {
      name: env.SUPPLIER_NAME ?? options.companyName ?? DEFAULT_SUPPLIER.name,
      address: env.SUPPLIER_ADDRESS ?? DEFAULT_SUPPLIER.address,
      vatNumber: env.SUPPLIER_VAT_NUMBER ?? DEFAULT_SUPPLIER.vatNumber,
    },
  };
}
