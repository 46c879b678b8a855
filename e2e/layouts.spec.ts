import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';

/** SPEC §2 sidebars at desktop width and through the mobile menu, plus an accessibility check. */

const PASSWORD = 'fleet-demo';

async function signInByApi(context: BrowserContext, username: string) {
  await context.request.get('/api/csrf/');
  const token = (await context.cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const reply = await context.request.post('/api/login/', {
    data: { username, password: PASSWORD },
    headers: { 'X-CSRFToken': token },
  });
  expect(reply.ok()).toBe(true);
}

type Links = [name: string, path: string][];

const PUBLIC_LINKS: Links = [
  ['Available Vehicles', '/'],
  ['About Us', '/about'],
  ['Contact', '/contact'],
  ['Become a Partner', '/agent-signup'],
  ['Register your Agency', '/agent-signup'],
  ['Register', '/register-customer'],
  ['Login', '/login'],
];

const CUSTOMER_LINKS: Links = [
  ['Book a Vehicle', '/public-customers/book-vehicle'],
  ['Bookings', '/bookings/list'],
  ['Booking Requests', '/customer/booking-requests'],
  ['Settings', '/settings'],
];

const STAFF_GROUPS: Record<string, Links> = {
  '': [['Dashboard', '/staff/dashboard']],
  Fleet: [
    ['Vehicles', '/fleet/vehicles'],
    ['Maintenance Records', '/fleet/maintenance'],
    ['Unavailability', '/fleet/unavailability'],
  ],
  Customers: [
    ['Customer List', '/customers/list'],
    ['Bookings', '/customers/bookings'],
    ['Analytics', '/customers/analytics'],
  ],
  Suppliers: [['Supplier List', '/suppliers/list']],
  Bookings: [
    ['Bookings', '/bookings/list'],
    ['Booking Requests', '/bookings/requests'],
  ],
  Finances: [
    ['Payments', '/finances/payments'],
    ['Booking Invoices', '/finances/invoices'],
  ],
};

async function expectLinks(scope: Locator, links: Links) {
  for (const [name, path] of links) {
    const link = scope.getByRole('link', { name, exact: true }).and(scope.locator(`[href="${path}"]`));
    await expect(link.first()).toBeVisible();
  }
}

function sidebar(page: Page, name: string) {
  return page.getByRole('complementary').filter({ has: page.getByRole('navigation', { name }) });
}

test.describe('desktop (1280×800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the public sidebar', async ({ page }) => {
    await page.goto('/about');
    const side = sidebar(page, 'Public');
    await expect(side.getByRole('link', { name: 'Fleet Rental' })).toBeVisible();
    await expectLinks(side, PUBLIC_LINKS);
    await expect(side.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
    await expect(side.getByRole('link', { name: 'Available Vehicles' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('the customer sidebar, with its layout on the shared pages', async ({ context, page }) => {
    await signInByApi(context, 'customer');
    await page.goto('/customer/dashboard');
    const side = sidebar(page, 'Customer');
    await expect(side.getByRole('link', { name: 'Fleet Rental' })).toBeVisible();
    await expectLinks(side, CUSTOMER_LINKS);
    await expect(side.getByRole('list', { name: 'Bookings' }).getByRole('link')).toHaveText([
      'Bookings',
      'Booking Requests',
    ]);
    await expect(side.getByRole('button', { name: 'Logout' })).toBeVisible();
    await side.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(sidebar(page, 'Customer').getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the staff sidebar with its groups, with its layout on the shared pages', async ({ context, page }) => {
    await signInByApi(context, 'staff');
    await page.goto('/staff/dashboard');
    const side = sidebar(page, 'Staff');
    await expect(side.getByRole('link', { name: 'Fleet Rental' })).toBeVisible();
    for (const [group, links] of Object.entries(STAFF_GROUPS)) {
      const scope = group ? side.getByRole('list', { name: group, exact: true }) : side;
      await expectLinks(scope, links);
    }
    await expectLinks(side, [['Settings', '/settings']]);
    await expect(side.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome back,')).toBeVisible();

    await side.getByRole('list', { name: 'Bookings', exact: true }).getByRole('link', { name: 'Bookings' }).click();
    await expect(page).toHaveURL(/\/bookings\/list$/);
    await expect(sidebar(page, 'Staff')).toBeVisible();
  });
});

test.describe('a landscape tablet (1024×768, touch)', () => {
  test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

  test('shows every staff entry at once, none under the pinned Settings and Logout', async ({ context, page }) => {
    await signInByApi(context, 'agency');
    await page.goto('/staff/dashboard');
    const side = sidebar(page, 'Staff');
    const footerTop = (await side.getByRole('link', { name: 'Settings' }).boundingBox())?.y ?? 0;
    const entries = side.locator('.sidebar__links a[href]');
    expect(await entries.count()).toBe(14);
    for (const entry of await entries.all()) {
      const box = (await entry.boundingBox()) ?? { y: Infinity, height: 0 };
      expect(box.y + box.height, await entry.innerText()).toBeLessThanOrEqual(footerTop);
    }
    const logout = (await side.getByRole('button', { name: 'Logout' }).boundingBox()) ?? { y: Infinity, height: 0 };
    expect(logout.y + logout.height).toBeLessThanOrEqual(768);
  });
});

test.describe('a signed-in customer on the public pages', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('sees who is signed in, a way to their dashboard and Logout instead of Login', async ({ context, page }) => {
    await signInByApi(context, 'customer');
    await page.goto('/about');
    const side = sidebar(page, 'Public');
    await expect(side.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByText('Customer', { exact: true })).toBeVisible();
    await side.getByRole('link', { name: 'My dashboard' }).click();
    await expect(page).toHaveURL(/\/customer\/dashboard$/);

    await page.goto('/');
    await expect(sidebar(page, 'Public').getByRole('link', { name: 'Register', exact: true })).toHaveCount(0);
    // Their requests go with their account, not through the visitors' form.
    await expect(page.getByRole('link', { name: /^Request to Book: / }).first()).toHaveAttribute(
      'href',
      /^\/public-customers\/book-vehicle\/\d+$/,
    );
    await sidebar(page, 'Public').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(sidebar(page, 'Public').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(sidebar(page, 'Public').getByRole('link', { name: 'Register', exact: true })).toBeVisible();
  });

  test('is sent from /login to their dashboard', async ({ context, page }) => {
    await signInByApi(context, 'customer');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/customer\/dashboard$/);
  });
});

test.describe('phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the staff menu opens with its button, closes on navigation and on Escape', async ({ context, page }) => {
    await signInByApi(context, 'agent');
    await page.goto('/staff/dashboard');
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Staff' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    // The drawer precedes the top bar in the page, so opening it takes the keyboard into it.
    await expect(page.getByRole('complementary').getByRole('link', { name: 'Fleet Rental' })).toBeFocused();
    for (const links of Object.values(STAFF_GROUPS)) await expectLinks(nav, links);
    await nav.getByRole('link', { name: 'Customer List' }).click();
    await expect(page).toHaveURL(/\/customers\/list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Customer List' })).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();

    await menu.click();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test('the open menu keeps the keyboard inside it', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('complementary');
    for (let press = 0; press < 14; press += 1) {
      await page.keyboard.press('Tab');
      const inside = await drawer.evaluate((aside) => aside.contains(document.activeElement));
      const onPage = await page.evaluate(() => document.activeElement !== document.body);
      // Past the drawer's last link the focus may go to the browser itself, never to the page behind.
      if (onPage) expect(inside, `Tab ${press + 1}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
  });

  test('tapping the entry of the page already shown closes the menu', async ({ page }) => {
    await page.goto('/about');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    const nav = page.getByRole('navigation', { name: 'Public' });
    await nav.getByRole('link', { name: 'About Us' }).click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect(page).toHaveURL(/\/about$/);
  });

  test('the top bar never wraps or overlaps, whatever it holds', async ({ context, page }) => {
    /** Each item of the top bar ends before the next begins, and nothing spills out of it. */
    const expectTidyTopBar = async () => {
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('link', { name: 'Fleet Rental' })).toBeVisible();
      const boxes = await banner.locator('.topbar__menu, .topbar__brand, .topbar__end > *').evaluateAll((items) =>
        items
          .map((item) => item.getBoundingClientRect().toJSON() as DOMRect)
          // An item not drawn (yet: the header's extras load after the first paint) takes no room.
          .filter((box) => box.width > 0 && box.height > 0),
      );
      boxes.slice(1).forEach((box, index) => {
        expect(box.left).toBeGreaterThanOrEqual((boxes[index]?.right ?? 0) - 0.5);
      });
      expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(390);
      const nameLines = await banner
        .locator('.brand__name')
        .evaluate((name) => name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).fontSize));
      expect(nameLines).toBeLessThan(2);
    };

    await page.goto('/');
    await expect(page.getByRole('banner').locator('.brand__name')).toBeVisible();
    await expectTidyTopBar();

    await signInByApi(context, 'customer');
    await page.goto('/');
    // Chromium offers installation with this event; a stand-in with prompt() makes the button show.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt'), { prompt: () => Promise.resolve() });
      window.dispatchEvent(offer);
    });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Install app' })).toBeVisible();
    await expect(page.getByRole('banner').locator('.user-badge__avatar')).toBeVisible();
    await expectTidyTopBar();
  });

  test('the public and customer menus', async ({ context, page }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectLinks(page.getByRole('complementary'), PUBLIC_LINKS);

    await signInByApi(context, 'customer');
    await page.goto('/customer/dashboard');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expectLinks(page.getByRole('navigation', { name: 'Customer' }), CUSTOMER_LINKS);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  async function expectNoSeriousViolations(page: Page) {
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
    ).toEqual([]);
  }

  test('the login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Password is required.')).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('a staff page, on desktop and with the phone menu open', async ({ context, page }) => {
    await signInByApi(context, 'staff');
    await page.goto('/staff/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Staff' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

/** Issue 19 §5: layout defects seen on screen, each checked where it was seen. */
test.describe('layout checks', () => {
  const noSidewaysScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  /** Boxes of the top bar's items, left to right, each ending before the next begins. */
  async function expectTopBarApart(page: Page) {
    const boxes = await page
      .getByRole('banner')
      .locator('.topbar__menu, .topbar__brand, .topbar__end > *')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
    boxes.slice(1).forEach((box, index) => {
      expect(box.left).toBeGreaterThanOrEqual((boxes[index]?.right ?? 0) - 0.5);
    });
  }

  /** Chromium's install offer, once the header's extras (which listen for it) have loaded. */
  async function offerInstall(page: Page) {
    await expect(page.getByRole('banner').getByRole('button', { name: 'Online' })).toBeVisible();
    await page.evaluate(() => {
      window.dispatchEvent(Object.assign(new Event('beforeinstallprompt'), { prompt: () => Promise.resolve() }));
    });
  }

  test('agent Settings at 320px: no sideways scroll, the status and the avatar apart', async ({ context, page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await signInByApi(context, 'agent');
    await page.goto('/settings');
    await expect(page.getByText('hello@northernwheels.example.com')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Online' })).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectTopBarApart(page);
  });

  test("the brand's name stays in a busy top bar at 390px and 320px", async ({ context, page }) => {
    await signInByApi(context, 'agency');
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/staff/dashboard');
      await offerInstall(page);
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('button', { name: 'Install app' })).toBeVisible();
      await expect(banner.locator('.user-badge__avatar')).toBeVisible();
      const name = banner.locator('.brand__name');
      await expect(name).toBeVisible();
      const shown = await name.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 40 && getComputedStyle(element).clipPath === 'none';
      });
      expect(shown, `at ${width}px`).toBe(true);
      await expectTopBarApart(page);
      expect(await noSidewaysScroll(page)).toBe(true);
    }
  });

  test('the Install button stays under the menu drawer and dialogs', async ({ context, page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInByApi(context, 'agency');
    await page.goto('/staff/dashboard');
    await offerInstall(page);
    const install = page.getByRole('banner').getByRole('button', { name: 'Install app' });
    await expect(install).toBeVisible();
    const onTop = () =>
      install.evaluate((button) => {
        const box = button.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && button.contains(hit);
      });
    expect(await onTop()).toBe(true);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Staff' })).toBeVisible();
    expect(await onTop()).toBe(false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Online' }).click();
    await expect(page.getByRole('dialog', { name: 'Sync status' })).toBeVisible();
    expect(await onTop()).toBe(false);
  });

  test('the filter rows of Maintenance and Payments fit at 1024px', async ({ context, page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signInByApi(context, 'agency');
    for (const [path, filters] of [
      ['/fleet/maintenance', page.getByRole('group', { name: 'Filters' })],
      ['/finances/payments', page.getByRole('form', { name: 'Filter payments' })],
    ] as const) {
      await page.goto(path);
      await expect(filters.getByLabel('To')).toBeVisible();
      const spill = await filters.evaluate((row) => {
        const right = row.getBoundingClientRect().right;
        const fields = [...row.querySelectorAll('input, select')].map((field) => field.getBoundingClientRect().right);
        return { fits: row.scrollWidth <= row.clientWidth, widest: Math.max(...fields) - right };
      });
      expect(spill.fits, path).toBe(true);
      expect(spill.widest, path).toBeLessThanOrEqual(0.5);
      expect(await noSidewaysScroll(page)).toBe(true);
    }
  });

  test("the dashboard's figure labels take at most two lines at 1024px", async ({ context, page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signInByApi(context, 'agent');
    await page.goto('/staff/dashboard');
    const labels = page.getByRole('list', { name: 'Today at a glance' }).locator('.desk-figure__label');
    await expect(labels).toHaveCount(5);
    const lines = await labels.evaluateAll((items) =>
      items.map((item) =>
        Math.round(item.getBoundingClientRect().height / parseFloat(getComputedStyle(item).lineHeight)),
      ),
    );
    for (const count of lines) expect(count).toBeLessThanOrEqual(2);
  });

  test("Booking History's customer cell lines up with its row", async ({ context, page }) => {
    await signInByApi(context, 'agent');
    await page.goto('/bookings/history');
    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row).toBeVisible();
    const cells = await row.getByRole('cell').evaluateAll((items) =>
      items.map(
        (item) =>
          ({ ...item.getBoundingClientRect().toJSON(), display: getComputedStyle(item).display }) as DOMRect & {
            display: string;
          },
      ),
    );
    for (const cell of cells) {
      expect(cell.display).toBe('table-cell');
      expect(Math.abs(cell.top - (cells[0]?.top ?? 0))).toBeLessThan(1);
      expect(Math.abs(cell.height - (cells[0]?.height ?? 0))).toBeLessThan(1);
    }
  });

  test('Book Now shows a placeholder, not a broken image, when the photo cannot load', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const [vehicle] = (await (await page.request.get('/api/public-vehicles/?limit=1')).json()) as { id: number }[];
    if (!vehicle) throw new Error('No public vehicle.');
    await page.route('**/media/**', (route) => route.abort('internetdisconnected'));
    await page.goto(`/book-now/${vehicle.id}`);
    await expect(page.getByRole('img', { name: /: no image$/ })).toBeVisible();
    await expect(page.getByText('No Image')).toBeVisible();
  });
});
