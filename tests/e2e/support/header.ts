import { expect, type FrameLocator, type Page } from '@playwright/test';

type Scope = Page | FrameLocator;

/** The signed-in name and initials in the header (wide screens): it opens the account menu. */
export const accountMenuButton = (scope: Scope) => scope.getByRole('button', { name: /^Account: / });

/** Opens the account menu and returns its Sign Out item. */
async function openSignOut(scope: Scope) {
  await accountMenuButton(scope).click();
  const item = scope.getByRole('menuitem', { name: 'Sign Out' });
  await expect(item).toBeVisible();
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
