/**
 * An admin's own drawer (01 §2, §5): the role select and "Delete user", which the server refuses for one's
 * own account (409), are not offered; the drawer says why instead. Other users' drawers still offer both.
 */
import { expect, signIn, test } from './fixtures';
import { DEMO } from './stack';

test("an admin's own drawer offers neither a role change nor deletion, and says why", async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.admin);
  await expect(page).toHaveURL(/\/services$/);

  await page.goto(`/users?q=${encodeURIComponent(DEMO.admin.email)}`);
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('row').nth(1).getByRole('button').click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(DEMO.admin.email).first()).toBeVisible();
  await expect(drawer.getByText('You cannot change your own role; ask another admin.')).toBeVisible();
  await expect(drawer.getByText('You cannot delete your own account.')).toBeVisible();
  await expect(drawer.getByLabel('Role')).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Delete user' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Save' })).toBeVisible();

  await page.goto('/users?q=multi@upkeep.test');
  await table.getByRole('button', { name: 'Morgan Multi' }).click();
  const other = page.getByRole('dialog', { name: 'Morgan Multi' });
  await expect(other.getByLabel('Role')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Delete user' })).toBeVisible();
  await expect(other.getByText('You cannot delete your own account.')).toHaveCount(0);
});
