import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE } from './support/api.ts';

/** About and Contact: their content, working phone and e-mail links, the way on to the other screens. */

async function expectNoSeriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
}

for (const [width, use] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`${width} (${use.viewport.width}×${use.viewport.height})`, () => {
    test.use(use);

    test('About Us says who we are and what each audience can do', async ({ page }) => {
      await page.goto('/about');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
      await expect(
        main.getByText('Fleet Rental connects travellers with trusted local rental agencies.'),
      ).toBeVisible();
      for (const heading of ['Who we are', 'Visitors', 'Customers', 'Partner agencies', 'How booking works'])
        await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      await main.getByRole('link', { name: 'Become a Partner' }).click();
      await expect(page).toHaveURL(/\/agent-signup$/);
      await page.goBack();
      await main.getByRole('link', { name: 'Create an account' }).click();
      await expect(page).toHaveURL(/\/register-customer$/);
      await page.goBack();
      await main.getByRole('link', { name: 'Contact us' }).click();
      await expect(page).toHaveURL(/\/contact$/);
    });

    test('Contact gives the address, phone, e-mail and opening hours', async ({ page }) => {
      await page.goto('/contact');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
      await expect(main.locator('address')).toContainText('1 Example Street');
      await expect(main.locator('address')).toContainText('London EC1A 1BB');
      await expect(main.getByRole('link', { name: '020 7946 0321' })).toHaveAttribute('href', 'tel:+442079460321');
      await expect(main.getByRole('link', { name: 'hello@fleetrental.example' })).toHaveAttribute(
        'href',
        'mailto:hello@fleetrental.example',
      );
      const hours = main.getByRole('table');
      await expect(hours.getByRole('row')).toHaveCount(3);
      await expect(hours.getByRole('row', { name: /Monday to Friday/ })).toContainText('08:00–19:00');
      await expect(hours.getByRole('row', { name: /Saturday/ })).toContainText('09:00–17:00');
      await expectNoSeriousA11yViolations(page);

      await main.getByRole('link', { name: 'Register your agency' }).click();
      await expect(page).toHaveURL(/\/agent-signup$/);
      await page.goBack();
      await main.getByRole('link', { name: 'Reset your password' }).click();
      await expect(page).toHaveURL(/\/request\/password_reset$/);
    });
  });
}
