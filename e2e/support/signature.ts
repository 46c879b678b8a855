import type { Locator, Page } from '@playwright/test';

/** A signature drawn as a person does: a few strokes across the pad with the mouse (or a finger). */
export async function drawSignature(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.3, 0.7],
    [0.45, 0.35],
    [0.6, 0.65],
    [0.8, 0.4],
  ] as const) {
    await page.mouse.move(...at(x, y), { steps: 4 });
  }
  await page.mouse.up();
}
