import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { createUserWithSdk } from './support/identity-admin';
import { outboxCount, waitForMail } from './support/outbox';
import { signInAs } from './support/sign-in';
import { fromBase } from './support/site-origin';

async function idTokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((candidate) =>
    /^CognitoIdentityServiceProvider\..+\.idToken$/.test(decodeURIComponent(candidate.name)),
  );
  return cookie!.value;
}

test('a saved search e-mails a matching new listing, with working links and unsubscribe', async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = { email: uniqueEmail('alert-buyer'), name: 'Bea Buyer' };
  const seller = { email: uniqueEmail('alert-seller'), name: 'Sol Seller' };
  await createUserWithSdk(baseURL!, buyer);
  await createUserWithSdk(baseURL!, seller);

  // The buyer saves a search for 4+ bedroom detached houses near Leeds, instant alerts.
  await signInAs(page, buyer);
  await page.goto('/search/for-sale/leeds?radius=10&minBeds=4&type=detached');
  await page.getByText('Save this search and get e-mail alerts').click();
  await page.getByLabel('Name').fill('Big Leeds houses');
  await page.getByLabel('E-mail me').selectOption('instant');
  await page.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByText('Saved “Big Leeds houses”')).toBeVisible();
  const mailsBefore = outboxCount();

  // Another user publishes a matching home (through the API, as a third-party client would).
  const sellerContext = await browser.newContext({ baseURL });
  const sellerPage = await sellerContext.newPage();
  await signInAs(sellerPage, seller);
  const created = await sellerPage.request.post('/api/v1/listings', {
    // The page's request carries its sign-in cookie too, so it says which site it is from.
    headers: { Authorization: `Bearer ${await idTokenOf(sellerPage)}`, ...fromBase(baseURL) },
    data: {
      channel: 'sale',
      propertyType: 'detached',
      addressLine1: '7 Alert Avenue',
      town: 'Leeds',
      postcode: 'LS6 2AB',
      title: 'Four bedroom detached house with a garden',
      description:
        'A spacious four bedroom detached family home with a large garden, close to schools and the park.',
      keyFeatures: ['Large garden', 'Garage'],
      bedrooms: 4,
      bathrooms: 2,
      receptions: 2,
      tenure: 'freehold',
      councilTaxBand: 'E',
      epcRating: 'C',
      price: 450000,
      priceQualifier: 'guide_price',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await sellerContext.close();

  // Another spec may publish a matching home meanwhile: wait for the alert naming this one.
  const mail = await waitForMail(buyer.email, {
    after: mailsBefore,
    subject: /new or reduced home/,
    body: new RegExp(`/property/${id}/`),
  });
  expect(mail.subject).toContain('Big Leeds houses');
  const listingLink = new RegExp(`https?://[^\\s]+/property/${id}/[a-z0-9-]+`).exec(mail.body)?.[0];
  const unsubscribeLink = /https?:\/\/\S+\/alerts\/unsubscribe\?token=[\w.-]+/.exec(mail.body)?.[0];
  expect(listingLink).toBeDefined();
  expect(unsubscribeLink).toBeDefined();

  await page.goto(new URL(listingLink!).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Four bedroom detached house with a garden',
  );

  // Unsubscribing works signed out, from the link alone.
  await page.context().clearCookies();
  const link = new URL(unsubscribeLink!);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(page.getByRole('status')).toContainText(
    'we won’t e-mail you about “Big Leeds houses” again',
  );
  // A tampered token is refused: one character after the dot changed (to another character,
  // so a token that already has 'x' there is still tampered with).
  const tampered = link.search.replace(/\.([\w-])/, (_, first: string) =>
    first === 'x' ? '.y' : '.x',
  );
  expect(tampered).not.toBe(link.search);
  await page.goto(`${link.pathname}${tampered}`);
  await expect(page.getByRole('alert')).toContainText('This link is not valid');
});
