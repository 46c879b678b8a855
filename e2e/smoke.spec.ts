import { expect, test } from '@playwright/test';

test('the built app is served and reaches the API', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Fleet Rental' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('The service is running.');
});

test('unknown paths get the app shell, unknown API paths a JSON 404', async ({ page, request }) => {
  await page.goto('/somewhere/else');
  await expect(page.getByRole('heading', { name: 'Fleet Rental' })).toBeVisible();
  const reply = await request.get('/api/nowhere/');
  expect(reply.status()).toBe(404);
  expect(await reply.json()).toEqual({ error: 'Not found.' });
});
