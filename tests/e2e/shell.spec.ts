import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { settleCookieChoice } from './support/accounts';
import { outboxCount, waitForMail } from './support/outbox';
import { fromBase } from './support/site-origin';

/** Serves /amplify-config.json with Google sign-in switched on, as a deployment with Google would. */
async function withGoogleConfigured(page: Page) {
  await page.route('**/amplify-config.json', async (route) => {
    const response = await route.fetch();
    const config = await response.json();
    const base = new URL(page.url() === 'about:blank' ? 'http://localhost' : page.url());
    config.Auth.Cognito.loginWith.oauth = {
      domain: 'localhost:3443',
      scopes: ['openid', 'email', 'profile'],
      redirectSignIn: [`${base.origin}/my-account`],
      redirectSignOut: [`${base.origin}/`],
      responseType: 'code',
      providers: ['Google'],
    };
    await route.fulfill({ response, json: config });
  });
}

const CONTENT_PAGES = [
  ['/pricing/', 'Pricing'],
  ['/contact-us', 'Contact us'],
  ['/about-us', 'About Roost'],
  ['/faq', 'Frequently asked questions'],
  ['/terms-of-use', 'Terms of use'],
  ['/privacy-policy', 'Privacy policy'],
  ['/payment-refund-policy', 'Payment and refund policy'],
] as const;

test.describe('header and footer', () => {
  test('header links, blog in a new tab, and a sign-in link when signed out', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Buy', '/search/for-sale/'],
      ['Rent', '/search/for-rent/'],
      ['Pricing', '/pricing/'],
      ['About us', '/about-us'],
      ['FAQ', '/faq'],
      ['Contact us', '/contact-us'],
    ]) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
    }
    const blog = main.getByRole('link', { name: /Blog/ });
    await expect(blog).toHaveAttribute('target', '_blank');
    await expect(blog).toHaveAttribute('rel', /noopener/);
    await expect(blog).toHaveAttribute('href', /^https:\/\//);
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
      'href',
      '/my-account/',
    );
    await expect(page.getByRole('link', { name: '+ Add list' })).toBeVisible();
    await expect(page.getByTestId('favourites-count')).toHaveCount(0);
  });

  test('footer links, statements and payment methods', async ({ page }) => {
    await page.goto('/about-us');
    const footer = page.locator('footer');
    for (const href of [
      '/faq',
      '/pricing',
      '/about-us',
      '/contact-us',
      '/terms-of-use',
      '/privacy-policy',
      '/payment-refund-policy',
      '/my-account',
    ]) {
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(footer.getByRole('heading', { name: 'List for free' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Add a listing' })).toHaveAttribute(
      'href',
      '/property/new',
    );
    await expect(footer).toContainText('Listings on Roost are completely free.');
    await expect(footer).toContainText('not a mortgage intermediary');
    // Place names and post towns come from GeoNames, whose licence asks for credit.
    await expect(footer.getByRole('link', { name: 'GeoNames' })).toHaveAttribute(
      'href',
      'https://www.geonames.org/',
    );
    await expect(footer).toContainText(/Roost Property Ltd\. Registered in England and Wales/);
    // Postcode locations come from the ONS lookup (Open Government Licence), credited in full
    // on the about page.
    await expect(footer).toContainText('source: Office for National Statistics');
    await expect(
      footer.getByRole('link', { name: 'Open Government Licence v.3.0' }),
    ).toHaveAttribute('href', '/about-us#data-we-use');
    await expect(page.getByRole('heading', { name: 'Data we use' })).toBeVisible();
    await expect(page.locator('main')).toContainText(
      'Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data © Royal Mail copyright and database right 2025. Source: Office for National Statistics licensed under the Open Government Licence v.3.0.',
    );

    // The e2e server has no Stripe keys: the built-in test provider offers the same three ways
    // to pay, each marked as a test, with a note that no money moves.
    for (const method of ['Apple Pay', 'Google Pay', 'Debit or credit card']) {
      await expect(footer.getByRole('img', { name: `${method} (test mode)` })).toBeVisible();
    }
    await expect(footer).toContainText('Test mode: payments are pretend and no money moves.');
  });

  test('+ Add list goes to /property/new', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('link', { name: '+ Add list' }).click();
    await expect(page).toHaveURL(/\/property\/new$/);
  });

  test('signed-out favourites click is blocked, raises auth-required and goes to sign in', async ({
    page,
  }) => {
    await page.goto('/search/for-rent/?page=2');
    await settleCookieChoice(page);
    await page.evaluate(() => {
      (window as unknown as { authEvents: unknown[] }).authEvents = [];
      window.addEventListener('roost:auth-required', (event) =>
        (window as unknown as { authEvents: unknown[] }).authEvents.push(
          (event as CustomEvent).detail,
        ),
      );
    });
    await page.getByRole('link', { name: /^Favourites/ }).click();
    await expect(page).toHaveURL(/\/my-account\?redirectTo=%2Fsearch%2Ffor-rent%2F%3Fpage%3D2$/);
    expect(
      await page.evaluate(() => (window as unknown as { authEvents: unknown[] }).authEvents),
    ).toEqual([{ reason: 'favourites', returnTo: '/search/for-rent/?page=2' }]);
    await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
  });
});

test.describe('banners and scrolling', () => {
  test('cookie banner: essential only until a choice, remembered under cookie-accepted', async ({
    page,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies on Roost' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Reject optional cookies' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-accepted'))).toBe('false');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
    await page.evaluate(() => localStorage.removeItem('cookie-accepted'));
    await page.reload();
    await banner.getByRole('button', { name: 'Accept optional cookies' }).click();
    expect(await page.evaluate(() => localStorage.getItem('cookie-accepted'))).toBe('true');
  });

  test('cookie banner is painted with the page, and hidden before any script for those who chose', async ({
    page,
  }) => {
    // No application JavaScript: what the visitor sees before the page is hydrated.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies on Roost' });
    await expect(banner).toBeVisible();
    // Not clickable until the page can record the choice.
    await expect(banner.getByRole('button', { name: 'Accept optional cookies' })).toBeDisabled();
    await page.evaluate(() => localStorage.setItem('cookie-accepted', 'false'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test('a cookie banner read only in part is not painted (it would grow upwards, a layout shift)', async ({
    page,
  }) => {
    // What a slow phone can paint: the page read as far as the banner's first button (the banner
    // comes first in the body, so it is painted early).
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.route('**/pricing', async (route) => {
      const html = await (await route.fetch()).text();
      const firstButtonEnds = html.indexOf('</button>', html.indexOf('class="cookie-banner'));
      expect(firstButtonEnds).toBeGreaterThan(0);
      await route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: html.slice(0, firstButtonEnds + '</button>'.length),
      });
    });
    await page.goto('/pricing');
    const partBanner = page.locator('.cookie-banner');
    await expect(partBanner.locator('button')).toHaveText(['Accept optional cookies']);
    await expect(partBanner).toBeHidden();
    await page.unroute('**/pricing');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookies on Roost' })).toBeVisible();
  });

  test('with JavaScript off there is no cookie banner (no choice could be recorded)', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Cookies on Roost' })).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test('Google banner: dismiss collapses, expand restores, both remembered; the button starts Google sign-in', async ({
    page,
  }) => {
    await withGoogleConfigured(page);
    await page.goto('/');
    await settleCookieChoice(page);
    await page.reload();
    const banner = page.getByRole('complementary', { name: 'Log in with Google' });
    await expect(banner).toContainText('Use your Google account to log in or register instantly.');
    await banner.getByRole('button', { name: 'Dismiss the Google sign-in banner' }).click();
    await expect(banner).toBeHidden();
    const expand = page.getByRole('button', { name: 'Log in with Google' });
    await expect(expand).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('banner-dismissed'))).toBe('true');
    await page.reload();
    await expect(expand).toBeVisible();
    await expect(banner).toBeHidden();
    await expand.click();
    await expect(banner).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('banner-dismissed'))).toBeNull();
    await page.reload();
    await expect(banner).toBeVisible();

    let authorizeUrl: URL | undefined;
    await page.route('https://localhost:3443/oauth2/authorize**', async (route) => {
      authorizeUrl = new URL(route.request().url());
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>Google</title><h1>Google</h1>',
      });
    });
    await banner.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/oauth2\/authorize/);
    expect(authorizeUrl?.searchParams.get('identity_provider')).toBe('Google');
    expect(authorizeUrl?.searchParams.get('code_challenge_method')).toBe('S256');
  });

  test('without Google configured there is no Google banner', async ({ page }) => {
    await page.goto('/');
    await settleCookieChoice(page);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveCount(0);
    await page.goto('/my-account');
    await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Log in with Google' })).toHaveCount(0);
  });

  test('the page root has scroll-up at the top and scroll-down further down', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.goto('/');
    const root = page.locator('html');
    await expect(root).toHaveClass(/\bscroll-up\b/);
    await page.mouse.wheel(0, 900);
    await expect(root).toHaveClass(/\bscroll-down\b/);
    await expect(root).not.toHaveClass(/\bscroll-up\b/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(root).toHaveClass(/\bscroll-up\b/);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens with every link, closes with Escape and returns focus', async ({ page }) => {
    await page.goto('/');
    await settleCookieChoice(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of [
      'Buy',
      'Rent',
      'Pricing',
      'About us',
      'FAQ',
      'Contact us',
      'Sign in or create an account',
      'Add a listing',
    ]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: /Blog/ })).toHaveAttribute('target', '_blank');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing\/$/);
    await expect(menu).toBeHidden();
  });
});

test.describe('content pages', () => {
  for (const [path, heading] of CONTENT_PAGES) {
    test(`${path} renders and has no accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await settleCookieChoice(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectNoAxeViolations(page);
    });
  }

  test('pricing says listing is free and lists the upgrades with VAT-inclusive prices', async ({
    page,
  }) => {
    await page.goto('/pricing/');
    await expect(page.getByRole('heading', { name: 'Free listing' })).toBeVisible();
    await expect(page.getByText('£0', { exact: true })).toBeVisible();
    // The wizard's limits (MEDIA_MAX_PHOTOS's default and the floorplan cap), not a figure of its own.
    await expect(page.getByText('Up to 30 photos and 10 floorplans')).toBeVisible();
    await expect(page.getByText('Coming soon')).toHaveCount(0);
    const featured = page.getByTestId('pricing-product').filter({ hasText: 'Featured, 7 days' });
    await expect(featured).toContainText('£9.99');
    await expect(featured).toContainText('Including VAT of £1.67');
    await expect(page.getByTestId('pricing-product')).toHaveCount(7);
  });

  test('404 page answers 404, has a way home and no violations', async ({ page }) => {
    const response = await page.goto('/definitely/not/here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('home, sign-in and sign-up screens have no violations (banners showing)', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Cookies on Roost' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/my-account');
    await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Create account' }).click();
    await expect(page.getByLabel('Full name')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('contact form', () => {
  test('shows field errors, then stores and e-mails a valid message to the operator', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    await settleCookieChoice(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toContainText('Check the highlighted fields.');
    await expect(page.getByText('Enter your name')).toBeVisible();
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    const before = outboxCount();
    await page.getByLabel('Your name').fill('Priya Shah');
    await page.getByLabel('E-mail address').fill('priya.contact@example.co.uk');
    await page.getByLabel('What is it about?').selectOption('listing');
    await page
      .getByLabel('Your message')
      .fill('My photos are not showing on my flat in Leeds <b>please help</b>.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toContainText('your message has been sent');
    const mail = await waitForMail('hello@roost.example', {
      after: before,
      subject: /Contact form/,
    });
    expect(mail.subject).toContain('Help with my listing');
    expect(mail.body).toContain('My photos are not showing');
    expect(mail.body).toContain('&lt;b&gt;please help&lt;/b&gt;');
  });

  test('is rate limited per sender', async ({ page, request, baseURL }) => {
    // The previous test sent one; the limit is five an hour from one address.
    for (let index = 0; index < 4; index += 1) {
      const response = await request.post('/api/v1/contact-messages', {
        headers: fromBase(baseURL),
        data: {
          name: 'Sam',
          email: `sam${index}@example.co.uk`,
          topic: 'general',
          message: 'Is Roost free for landlords?',
        },
      });
      expect(response.status()).toBe(201);
    }
    const limited = await request.post('/api/v1/contact-messages', {
      headers: fromBase(baseURL),
      data: {
        name: 'Sam',
        email: 'sam9@example.co.uk',
        topic: 'general',
        message: 'Is Roost free for landlords?',
      },
    });
    expect(limited.status()).toBe(429);
    expect((await limited.json()).error.code).toBe('RATE_LIMITED');
    await page.goto('/contact-us');
    await settleCookieChoice(page);
    await page.getByLabel('Your name').fill('Sam');
    await page.getByLabel('E-mail address').fill('sam10@example.co.uk');
    await page.getByLabel('What is it about?').selectOption('general');
    await page.getByLabel('Your message').fill('One more question about listing.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Please wait a while before sending another.',
    );
  });
});
