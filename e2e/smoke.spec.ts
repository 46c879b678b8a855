import { expect, test } from '@playwright/test';

test('the built app is served and reaches the API', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Fleet Rental' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Available Vehicles' })).toBeVisible();
});

test('unknown paths go to the landing page, unknown API paths get a JSON 404', async ({ page, request }) => {
  await page.goto('/somewhere/else');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Available Vehicles' })).toBeVisible();
  const reply = await request.get('/api/nowhere/');
  expect(reply.status()).toBe(404);
  expect(await reply.json()).toEqual({ error: 'Not found.' });
});
