import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.ts';
import { parsePaymentsConfig } from './payments-config.ts';
import { testWebhookSecretFrom } from './stand-in-provider.ts';
import { csvCell } from './payments-csv.ts';

const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};

describe('payments configuration', () => {
  it('uses the test provider without Stripe keys, none in production unless test mode is on', () => {
    expect(parsePaymentsConfig({}, { isProduction: false }).provider).toEqual({ kind: 'test' });
    expect(parsePaymentsConfig({}, { isProduction: true }).provider).toEqual({ kind: 'off' });
    expect(
      parsePaymentsConfig({ PAYMENTS_TEST_MODE: 'true' }, { isProduction: true }),
    ).toMatchObject({
      provider: { kind: 'test' },
      isTestModeAllowed: true,
    });
  });

  it('uses Stripe with all three keys', () => {
    expect(parsePaymentsConfig(stripe, { isProduction: false }).provider).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
    });
  });

  it('stops with one line naming the variable, never echoing a secret', () => {
    const fail =
      (env: Record<string, string>, isProduction = false) =>
      () =>
        parsePaymentsConfig(env, { isProduction });
    expect(fail({ STRIPE_SECRET_KEY: 'pk_test_oops' })).toThrow(
      /^Invalid configuration: STRIPE_SECRET_KEY expected a Stripe secret key \(sk_live_… or sk_test_…\)$/,
    );
    expect(fail({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(
      'Invalid configuration: STRIPE_PUBLISHABLE_KEY expected when STRIPE_SECRET_KEY is set',
    );
    expect(fail({ ...stripe, STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      'STRIPE_WEBHOOK_SECRET expected',
    );
    expect(fail({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toThrow('different mode');
    expect(fail({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow('STRIPE_SECRET_KEY expected');
    expect(fail({ PAYMENTS_TEST_MODE: 'maybe' })).toThrow(
      'Invalid configuration: PAYMENTS_TEST_MODE expected true or false (got "maybe")',
    );
    expect(fail({ SUPPLIER_VAT_NUMBER: '12345' })).toThrow(
      'SUPPLIER_VAT_NUMBER expected a UK VAT number',
    );
    expect(fail({ STRIPE_APPLE_PAY_DOMAIN_FILE: '/no/such/file' })).toThrow(
      'STRIPE_APPLE_PAY_DOMAIN_FILE expected a readable file',
    );
  });

  it('needs the supplier’s address and VAT number to take real money in production', () => {
    expect(() => parsePaymentsConfig(stripe, { isProduction: true })).toThrow(
      'SUPPLIER_ADDRESS expected',
    );
    const config = parsePaymentsConfig(
      {
        ...stripe,
        SUPPLIER_NAME: 'Roost Ltd',
        SUPPLIER_ADDRESS: '1 High Street, York, YO1 1AA',
        SUPPLIER_VAT_NUMBER: 'gb 123 4567 89',
      },
      { isProduction: true },
    );
    expect(config.supplier).toEqual({
      name: 'Roost Ltd',
      address: '1 High Street, York, YO1 1AA',
      vatNumber: 'GB123456789',
    });
  });

  it('refuses example supplier details in production', () => {
    const testMode = { PAYMENTS_TEST_MODE: 'true' };
    const real = {
      SUPPLIER_ADDRESS: '1 High Street, York, YO1 1AA',
      SUPPLIER_VAT_NUMBER: 'GB123456789',
    };
    expect(() =>
      parsePaymentsConfig(
        { ...testMode, ...real, SUPPLIER_ADDRESS: '1 Example Street, London, EC1A 1AA' },
        { isProduction: true },
      ),
    ).toThrow("SUPPLIER_ADDRESS is the example address; set the company's registered address");
    expect(() =>
      parsePaymentsConfig(
        { ...stripe, ...real, SUPPLIER_VAT_NUMBER: 'GB 000 0000 00' },
        { isProduction: true },
      ),
    ).toThrow("SUPPLIER_VAT_NUMBER is the example number; set the company's VAT number");
    // Outside production the examples stand in, and the receipt says so.
    expect(parsePaymentsConfig({}, { isProduction: false }).supplier.vatNumber).toBe('GB000000000');
  });

  it('takes the Apple Pay domain-association file when it exists', () => {
    const file = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), 'roost-applepay-')),
      'association',
    );
    fs.writeFileSync(file, 'abc');
    expect(
      parsePaymentsConfig({ STRIPE_APPLE_PAY_DOMAIN_FILE: file }, { isProduction: false })
        .applePayDomainFile,
    ).toBe(file);
  });
});

describe('CSV cells', () => {
  it('quote commas, quotes and new lines, and defuse spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
  });
});

describe('configuration errors', () => {
  it('are ConfigErrors, so start-up prints one line and exits', () => {
    expect(() => parsePaymentsConfig({ PAYMENTS_TEST_MODE: 'x' }, { isProduction: false })).toThrow(
      ConfigError,
    );
    expect(testWebhookSecretFrom('a'.repeat(32))).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(testWebhookSecretFrom('a'.repeat(32))).toBe(testWebhookSecretFrom('a'.repeat(32)));
  });
});
