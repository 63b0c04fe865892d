import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig as parseConfigIn } from './config.ts';

// Identity's settings keep their generated secrets under DATA_DIR: a scratch one, not ./data.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roost-config-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const parseConfig = (env: NodeJS.ProcessEnv) => parseConfigIn({ DATA_DIR: dataDir, ...env });

describe('site shell settings', () => {
  it('has working defaults and no social links until configured', () => {
    const config = parseConfig({});
    expect(config.site.companyName).toBe('Roost Property Ltd');
    expect(config.site.companyNumber).toBeUndefined();
    expect(config.site.blogUrl).toMatch(/^https:\/\//);
    expect(config.site.socialLinks).toEqual([]);
    expect(config.operatorEmail).toBe('hello@roost.example');
    expect(config.contactRateLimitPerHour).toBe(5);
  });

  it('reads company, social links in a fixed order, operator and limit', () => {
    const config = parseConfig({
      COMPANY_NAME: 'Roost Homes Ltd',
      COMPANY_NUMBER: '12345678',
      SOCIAL_X_URL: 'https://x.com/roost',
      SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/roost',
      OPERATOR_EMAIL: 'support@roost.co.uk',
      CONTACT_RATE_LIMIT_PER_HOUR: '20',
    });
    expect(config.site.companyNumber).toBe('12345678');
    expect(config.site.socialLinks.map((link) => link.name)).toEqual(['Facebook', 'X']);
    expect(config.operatorEmail).toBe('support@roost.co.uk');
    expect(config.contactRateLimitPerHour).toBe(20);
  });

  it.each([
    [{ COMPANY_NUMBER: '123' }, 'COMPANY_NUMBER'],
    [{ BLOG_URL: 'javascript:alert(1)' }, 'BLOG_URL'],
    [{ SOCIAL_INSTAGRAM_URL: 'instagram.com/roost' }, 'SOCIAL_INSTAGRAM_URL'],
    [{ OPERATOR_EMAIL: 'nobody' }, 'OPERATOR_EMAIL'],
    [{ CONTACT_RATE_LIMIT_PER_HOUR: '0' }, 'CONTACT_RATE_LIMIT_PER_HOUR'],
  ])('rejects %o naming %s in one line', (env, name) => {
    expect(() => parseConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name} [^\\n]+$`));
  });
});
