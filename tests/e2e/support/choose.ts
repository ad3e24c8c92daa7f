import type { Locator, Page } from '@playwright/test';

/**
 * Picks an option of a labelled Select (src/components/ui/select.tsx, a Radix Select: a combobox button
 * whose options open in a popup outside the scope, at the end of the page).
 */
export async function choose(scope: Page | Locator, label: string | RegExp, option: string | RegExp, opts: { exact?: boolean } = {}) {
  const page = 'page' in scope && typeof scope.page === 'function' ? scope.page() : (scope as Page);
  await scope.getByLabel(label, opts).click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}
