import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@domain/session-user';
import { campaignIntents, type CampaignIntentDeps } from './campaign-intents';

const user: SessionUser = {
  userId: 'admin-1',
  username: 'admin',
  email: 'admin@example.test',
  name: undefined,
  givenName: undefined,
  familyName: undefined,
  preferredUsername: undefined,
  groups: ['admins'],
  isAdmin: true,
};

/** A stand-in for the campaigns use cases: each answers with just what the page reads. */
function fakeCampaigns() {
  return {
    updateProduct: vi.fn(async () => ({ name: 'Featured' })),
    grantUpgrade: vi.fn(async () => ({ invoiceNumber: 'RST-000042' })),
    endUpgrade: vi.fn(async () => undefined),
    createPromoCode: vi.fn(async () => ({ code: 'SPRING20' })),
    setPromoCodeActive: vi.fn(async () => ({ code: 'SPRING20', isActive: false })),
    createCampaign: vi.fn(async () => ({ subject: 'News' })),
    sendTest: vi.fn(async () => ({ to: 'admin@example.test' })),
    schedule: vi.fn(async () => ({ scheduledAt: new Date('2026-07-01T09:30:00Z') })),
    cancel: vi.fn(async () => undefined),
  };
}

function intentsFor(form: Record<string, string | string[]>) {
  const campaigns = fakeCampaigns();
  const deps = { campaigns, user } as unknown as CampaignIntentDeps;
  return { campaigns, intents: campaignIntents(deps, form) };
}

describe('the campaigns page’s intents', () => {
  it('answers each form with its message', async () => {
    const { intents } = intentsFor({ campaignId: '7' });
    await expect(intents['update-product']()).resolves.toBe('Featured: saved.');
    await expect(intents['grant-upgrade']()).resolves.toBe(
      'Granted free of charge (invoice RST-000042, £0.00).',
    );
    await expect(intents['end-upgrade']()).resolves.toBe('Upgrade ended.');
    await expect(intents['create-promo']()).resolves.toBe('Promo code SPRING20 created.');
    await expect(intents['toggle-promo']()).resolves.toBe('SPRING20 is off.');
    await expect(intents['create-campaign']()).resolves.toBe('Campaign “News” saved as a draft.');
    await expect(intents['test-campaign']()).resolves.toBe('Test sent to admin@example.test.');
    await expect(intents['schedule-campaign']()).resolves.toBe(
      'Scheduled for 1 July 2026 at 10:30.',
    );
    await expect(intents['cancel-campaign']()).resolves.toBe('Campaign cancelled.');
  });

  it('sends the form to the use case as the administrator, its ticked boxes as a list', async () => {
    const form = { intent: 'create-promo', code: 'spring20', productCodes: ['bump', 'featured'] };
    const { campaigns, intents } = intentsFor(form);
    await intents['create-promo']();
    expect(campaigns.createPromoCode).toHaveBeenCalledWith({ user, input: form });
  });

  it('reads the campaign form’s audience fields as one audience', async () => {
    const form = { subject: 'News', audience: 'saved-searches', channel: 'rent', place: 'leeds' };
    const { campaigns, intents } = intentsFor(form);
    await intents['create-campaign']();
    expect(campaigns.createCampaign).toHaveBeenCalledWith({
      user,
      input: { ...form, audience: { kind: 'saved-searches', channel: 'rent', place: 'leeds' } },
    });
  });

  it('names the campaign by number for a test and a cancellation', async () => {
    const { campaigns, intents } = intentsFor({ campaignId: '12' });
    await intents['test-campaign']();
    await intents['cancel-campaign']();
    expect(campaigns.sendTest).toHaveBeenCalledWith({ user, campaignId: 12 });
    expect(campaigns.cancel).toHaveBeenCalledWith({ user, campaignId: 12 });
  });
});
