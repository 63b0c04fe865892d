import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { createUserWithSdk } from './support/identity-admin';
import { readOutbox, waitForMail } from './support/outbox';
import { signInAs } from './support/sign-in';
import { fromBase } from './support/site-origin';

async function idTokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((candidate) =>
    /^CognitoIdentityServiceProvider\..+\.idToken$/.test(decodeURIComponent(candidate.name)),
  );
  return cookie!.value;
}

const mailsTo = (address: string) =>
  readOutbox().filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));

test('a saved home reduced in price is e-mailed to its saver, whose link stops those e-mails', async ({
  page,
  browser,
  baseURL,
}) => {
  const buyer = { email: uniqueEmail('fav-alert-buyer'), name: 'Fay Saver' };
  const seller = { email: uniqueEmail('fav-alert-seller'), name: 'Lee Lister' };
  await createUserWithSdk(baseURL!, buyer);
  await createUserWithSdk(baseURL!, seller);

  const sellerContext = await browser.newContext({ baseURL });
  const sellerPage = await sellerContext.newPage();
  await signInAs(sellerPage, seller);
  const asSeller = async () => ({
    Authorization: `Bearer ${await idTokenOf(sellerPage)}`,
    ...fromBase(baseURL),
  });
  // Only this test's buyer saves it, so a fixed title is enough (digits would read as a phone number).
  const title = 'Two bedroom terrace to watch';
  const created = await sellerPage.request.post('/api/v1/listings', {
    headers: await asSeller(),
    data: {
      channel: 'sale',
      propertyType: 'terraced',
      addressLine1: '12 Watchful Way',
      town: 'Leeds',
      postcode: 'LS6 2AB',
      title,
      description:
        'A bright two bedroom terraced house with a small garden, close to the shops and the park.',
      keyFeatures: ['Garden'],
      bedrooms: 2,
      bathrooms: 1,
      receptions: 1,
      tenure: 'freehold',
      councilTaxBand: 'B',
      epcRating: 'C',
      price: 250000,
      priceQualifier: 'guide_price',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  // The buyer saves the home, and chooses daily summaries for lets agreed (a kind not tested here).
  await signInAs(page, buyer);
  await page.goto(`/property/${id}`);
  await page
    .getByRole('button', { name: `Save ${title} to favourites` })
    .first()
    .click();
  await page.goto('/favourites');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByLabel('Let agreed').selectOption('daily');
  await page.getByRole('button', { name: 'Save alert choices' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alert choices saved' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Let agreed')).toHaveValue('daily');
  await expect(page.getByLabel('Price reduced')).toHaveValue('instant');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page);
  }

  // The lister reduces the price.
  const reduced = await sellerPage.request.post(`/api/v1/listings/${id}/price`, {
    headers: await asSeller(),
    data: { price: 240000 },
  });
  expect(reduced.status(), await reduced.text()).toBe(200);
  await sellerContext.close();

  const mail = await waitForMail(buyer.email, {
    subject: /a home you saved/,
    body: new RegExp(`/property/${id}/`),
  });
  // The outbox reader decodes bytes one by one, so '£' arrives mangled: match around it.
  expect(mail.body).toMatch(/Reduced by \S*10,000 to \S*240,000/);
  expect(mail.body).toContain(title);
  expect(mailsTo(buyer.email)).toHaveLength(1);

  // Its link turns off reduction e-mails, signed out.
  const unsubscribeLink = /https?:\/\/\S+\/favourites\/unsubscribe\?token=reduced\.[\w.-]+/.exec(
    mail.body,
  )?.[0];
  expect(unsubscribeLink).toBeDefined();
  await page.context().clearCookies();
  const link = new URL(unsubscribeLink!);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(page.getByRole('status')).toContainText(
    'we won’t e-mail you when a saved home is reduced in price',
  );
  await page.goto(`${link.pathname}${link.search.replace('token=reduced.', 'token=withdrawn.')}`);
  await expect(page.getByRole('alert')).toContainText('This link is not valid');
  // Several job runs later, still the one e-mail.
  expect(mailsTo(buyer.email)).toHaveLength(1);
});
