import { expect, type FrameLocator, type Page } from '@playwright/test';

type Scope = Page | FrameLocator;

/** The signed-in name and initials in the header (wide screens): it opens the account menu. */
export const accountMenuButton = (scope: Scope) => scope.getByRole('button', { name: /^Account: / });

/**
 * Opens the account menu and returns its Sign Out item. The trigger is a stand-in until the menu's chunk loads
 * (src/app/layout/menu-triggers.tsx), which then opens as pressed; on a busy machine the menu was seen closed
 * again after that swap (runs at load 40, 3 Dec), so it is pressed once more while Sign Out is not showing.
 */
async function openSignOut(scope: Scope) {
  const item = scope.getByRole('menuitem', { name: 'Sign Out' });
  await expect(async () => {
    if (!(await item.isVisible())) await accountMenuButton(scope).click();
    await expect(item).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return item;
}

/** Signed in: Sign Out is offered (inside the account menu), which is closed again afterwards. */
export async function expectSignedIn(scope: Scope) {
  const item = await openSignOut(scope);
  await item.press('Escape');
  await expect(item).toHaveCount(0);
}

/** Sign Out, from the account menu. */
export async function signOut(scope: Scope) {
  await (await openSignOut(scope)).click();
}
