import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { uniqueEmail } from './support/accounts';
import { createUserWithSdk } from './support/identity-admin';
import { outboxCount, waitForMail } from './support/outbox';
import { signInAs } from './support/sign-in';
import { fromSite } from './support/site-origin';
import { ownContextPages } from './support/own-context';

/**
 * Messages end to end: a buyer enquires about a listing, the lister sees it as an unread
 * conversation in the header and replies with their phone number, which the buyer sees hidden
 * until they reply themselves; then the buyer reports the message.
 */
const lister = { email: uniqueEmail('msg-lister'), name: 'Lena Lister' };
const buyer = { email: uniqueEmail('msg-buyer'), name: 'Bob Buyer' };
// A unique title in letters: a long run of digits would be hidden as a phone number.
const title = `Messages test flat ${Date.now().toString(36)}`;
const HIDDEN = '[phone number hidden until you have both replied]';

const newPage = ownContextPages();

async function signedIn(browser: Browser, user: { email: string; name: string }) {
  const page = await newPage(browser);
  await signInAs(page, user);
  return page;
}

async function listFlat(page: Page): Promise<number> {
  const created = await page.request.post('/api/v1/listings', {
    headers: fromSite(page),
    data: {
      channel: 'sale',
      town: 'Leeds',
      bathrooms: 1,
      tenure: 'leasehold',
      propertyType: 'flat',
      addressLine1: '5 Market Street',
      postcode: 'LS1 6DT',
      title,
      description: 'A bright flat over the market with a balcony and a lift.',
      bedrooms: 2,
      receptions: 1,
      councilTaxBand: 'B',
      epcRating: 'C',
      price: 180000,
      priceQualifier: 'offers_over',
      leaseYearsRemaining: 120,
      groundRentPerYear: 0,
      serviceChargePerYear: 1200,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test('a buyer and a lister talk about a listing, details hidden until both reply', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await createUserWithSdk(baseURL!, lister);
  await createUserWithSdk(baseURL!, buyer);
  const listerPage = await signedIn(browser, lister);
  const listingId = await listFlat(listerPage);

  // The buyer enquires from the property page.
  const buyerPage = await signedIn(browser, buyer);
  await buyerPage.goto(`/property/${listingId}`);
  const enquiry = buyerPage.locator('.property__enquiry');
  await enquiry.getByLabel('Message').fill('Hello, is the flat still available to view?');
  await enquiry.getByRole('button', { name: 'Send message' }).click();
  await expect(buyerPage.getByText('Your message has been sent to the lister.')).toBeVisible();

  // The lister sees one unread conversation in the header, opens it and replies.
  await listerPage.goto('/');
  const listerBadge = listerPage.getByRole('link', { name: 'Messages, 1 unread' });
  await expect(listerBadge).toBeVisible();
  await listerBadge.click();
  await expect(listerPage.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  const row = listerPage.getByTestId('message-thread').filter({ hasText: title });
  await expect(row).toContainText('Enquiry from Bob B.');
  await expect(row).not.toContainText(buyer.email);
  await expectNoAxeViolations(listerPage);
  await row.getByRole('link', { name: new RegExp(title) }).click();
  await expect(listerPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(listerPage.getByRole('link', { name: 'Messages, none unread' })).toBeVisible();
  // An empty reply is refused with a clear message.
  await listerPage.getByRole('button', { name: 'Send message' }).click();
  await expect(listerPage.getByText('Write a message')).toBeVisible();
  const before = outboxCount();
  await listerPage
    .getByLabel('Reply to Bob B.')
    .fill('Yes it is. Ring me on 07700 900123 to arrange a time.');
  await listerPage.getByRole('button', { name: 'Send message' }).click();
  await expect(listerPage.getByText('Message sent.')).toBeVisible();
  await expectNoAxeViolations(listerPage);
  const mail = await waitForMail(buyer.email, { after: before, subject: /New message about/ });
  expect(mail.body).toContain(HIDDEN);
  expect(mail.body).not.toContain('07700 900123');
  // The lister sees their reply as the buyer will, and is told why.
  const ownReply = listerPage.getByTestId('message').nth(1);
  await expect(ownReply).toContainText(HIDDEN);
  await expect(ownReply).not.toContainText('07700 900123');
  await expect(ownReply.getByTestId('masking-note')).toContainText(
    'the other person sees the same text',
  );

  // The buyer sees the reply with the phone number hidden until they reply.
  await buyerPage.goto('/');
  await buyerPage.getByRole('link', { name: 'Messages, 1 unread' }).click();
  await buyerPage
    .getByTestId('message-thread')
    .filter({ hasText: title })
    .getByRole('link', { name: new RegExp(title) })
    .click();
  const replyFromLister = buyerPage.getByTestId('message').nth(1);
  await expect(replyFromLister).toContainText(HIDDEN);
  await expect(buyerPage.getByText('07700 900123')).toHaveCount(0);
  await expectNoAxeViolations(buyerPage);
  await buyerPage.getByLabel('Reply to Lena L.').fill('Thank you, I will ring you tomorrow.');
  await buyerPage.getByRole('button', { name: 'Send message' }).click();
  await expect(buyerPage.getByText('Message sent.')).toBeVisible();
  await expect(replyFromLister).toContainText('Ring me on 07700 900123 to arrange');

  // The buyer reports the lister's message.
  await replyFromLister.getByText('Report this message').click();
  await replyFromLister.getByRole('button', { name: 'Send report' }).click();
  await expect(replyFromLister.locator('.field-error')).toHaveText('Choose a reason');
  await replyFromLister.getByLabel('Reason').selectOption('scam');
  await replyFromLister.getByLabel(/Note for our moderators/).fill('Wants me to phone off Roost.');
  await replyFromLister.getByRole('button', { name: 'Send report' }).click();
  await expect(
    replyFromLister.getByText('Thank you: our moderators will look at this message.'),
  ).toBeVisible();
  await expectNoAxeViolations(buyerPage);

  // Nobody else reads the conversation: signed out, the page asks to sign in.
  const threadPath = new URL(buyerPage.url()).pathname;
  const stranger = await newPage(browser);
  await stranger.goto(threadPath);
  await expect(stranger).toHaveURL(/\/my-account\?redirectTo=/);
});
