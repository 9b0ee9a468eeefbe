import type { APIRequestContext } from '@playwright/test';
import { ticketEndpoints } from '@portal/contracts';
import { apiUrl, createAccount, expect, expectAccessible, signIn, test, tokenOf } from './fixtures';

/**
 * A manager of a desk no other journey uses (Marketing), made through the API as admin,
 * so that its queue, SLA targets and canned replies are this journey's alone.
 */
const createDeskManager = (request: APIRequestContext) =>
  createAccount(request, { user_type: 'Marketing', is_manager: true, first_name: 'Mira', last_name: 'Desk' });

test.describe('help desk queue (/dashboard): order, bulk changes, SLA and canned replies', () => {
  test('an agent works the queue at 1440×900 and sets up the desk', async ({ browser, baseURL, request }) => {
    // A long journey (three axe scans) on a shared two-core machine.
    test.setTimeout(150_000);
    const manager = await createDeskManager(request);
    const owner = await createAccount(request, { user_type: 'HR' });
    const ownerToken = await tokenOf(request, owner.username, owner.password);
    const tag = Date.now().toString(36);
    const ids: Record<string, number> = {};
    // Oldest first; the urgent one is newest and last by subject, so only a priority order puts it first.
    for (const [subject, priority] of [
      [`Brochure typo ${tag}`, 'low'],
      [`Campaign images ${tag}`, 'normal'],
      [`Website down ${tag}`, 'urgent'],
    ] as const) {
      const res = await request.post(apiUrl(ticketEndpoints.createTicket), {
        headers: { authorization: `Bearer ${ownerToken}` },
        data: { department: 'Marketing', subject, description: 'Details inside.', priority },
      });
      expect(res.status()).toBe(201);
      ids[priority] = ((await res.json()) as { id: number }).id;
    }

    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, manager.username, manager.password);
    await page.goto('/dashboard');
    const queue = page.getByRole('table', { name: 'Queue' });
    const rows = queue.locator('tbody tr');

    // Queue first: the figures are a compact band and the first row is on the first screen.
    const figures = page.getByRole('button', { name: 'Figures' });
    await expect(figures).toHaveAttribute('aria-expanded', 'true');
    await expect(rows.first()).toBeInViewport();
    await expect(rows).toHaveCount(3);
    // Folded away, the choice survives a reload.
    await figures.click();
    await expect(figures).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Figures' })).toHaveAttribute('aria-expanded', 'false');
    await expect(rows.first()).toBeInViewport();

    // The desk's default order: urgent first. By subject it is last; back to priority, first again.
    await expect(rows.first()).toContainText(`Website down ${tag}`);
    await queue.getByRole('button', { name: 'Subject' }).click();
    await expect(page).toHaveURL(/sort=subject/);
    await expect(rows.first()).toContainText(`Brochure typo ${tag}`);
    await expect(rows.last()).toContainText(`Website down ${tag}`);
    await queue.getByRole('button', { name: 'Priority' }).click();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(rows.first()).toContainText(`Website down ${tag}`);

    // Bulk: the two others, to me, then in progress.
    await page.getByRole('checkbox', { name: `Select #${ids.low} Brochure typo ${tag}` }).check();
    await page.getByRole('checkbox', { name: `Select #${ids.normal} Campaign images ${tag}` }).check();
    const bar = page.getByRole('toolbar', { name: 'Change the selected tickets' });
    await expect(bar).toContainText('2 selected');
    await bar.getByRole('button', { name: 'Assign' }).click();
    await page.getByRole('menuitem', { name: 'To me' }).click();
    await expect(page.getByText('2 tickets updated.')).toBeVisible();
    await expect(bar).toHaveCount(0);
    await page.getByRole('checkbox', { name: `Select #${ids.low} Brochure typo ${tag}` }).check();
    await page.getByRole('checkbox', { name: `Select #${ids.normal} Campaign images ${tag}` }).check();
    await bar.getByRole('button', { name: 'Status' }).click();
    await page.getByRole('menuitem', { name: 'In progress' }).click();
    await expect(bar).toHaveCount(0);
    const managerToken = await tokenOf(request, manager.username, manager.password);
    for (const id of [ids.low, ids.normal]) {
      const res = await request.get(apiUrl(ticketEndpoints.getTicket, { id: id! }), {
        headers: { authorization: `Bearer ${managerToken}` },
      });
      const ticket = (await res.json()) as { status: string; assignee: { id: number } | null };
      expect(ticket.status).toBe('in_progress');
      expect(ticket.assignee?.id).toBe(manager.id);
    }
    const untouched = await request.get(apiUrl(ticketEndpoints.getTicket, { id: ids.urgent! }), {
      headers: { authorization: `Bearer ${managerToken}` },
    });
    expect(((await untouched.json()) as { assignee: unknown }).assignee).toBeNull();

    // Bulk close asks first, naming the count; its toast's Undo gives each its status back.
    await page.getByRole('checkbox', { name: `Select #${ids.low} Brochure typo ${tag}` }).check();
    await page.getByRole('checkbox', { name: `Select #${ids.urgent} Website down ${tag}` }).check();
    await bar.getByRole('button', { name: 'Status' }).click();
    await page.getByRole('menuitem', { name: 'Closed' }).click();
    const confirm = page.getByRole('dialog', { name: 'Close 2 tickets?' });
    await confirm.getByRole('button', { name: 'Close 2 tickets' }).click();
    const closedToast = page.getByRole('alert').filter({ hasText: '2 tickets closed.' });
    await expect(rows).toHaveCount(1);
    await closedToast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('2 tickets have their earlier status back.')).toBeVisible();
    await expect(rows).toHaveCount(3);
    const statusOf = async (id: number) =>
      (
        (await (
          await request.get(apiUrl(ticketEndpoints.getTicket, { id }), {
            headers: { authorization: `Bearer ${managerToken}` },
          })
        ).json()) as { status: string }
      ).status;
    expect(await statusOf(ids.low!)).toBe('in_progress');
    expect(await statusOf(ids.urgent!)).toBe('open');

    // SLA targets, set by the desk's manager: the urgent ticket then shows its first response due.
    await page.getByRole('button', { name: 'Desk settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desk settings' });
    const hours = (priority: string, kind: string) =>
      dialog.getByRole('group', { name: `${priority}: ${kind}` }).getByRole('textbox', { name: 'Hours' });
    await hours('Urgent', 'First response').fill('2');
    await hours('Urgent', 'Resolution').fill('8');
    await dialog.getByRole('button', { name: 'Save targets' }).click();
    await expect(page.getByText('SLA targets saved.')).toBeVisible();

    // A canned reply added in the settings is listed there.
    await dialog.getByRole('tab', { name: 'Canned replies' }).click();
    await dialog.getByRole('button', { name: 'New canned reply' }).click();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(`Site status ${tag}`);
    await dialog.getByRole('textbox', { name: 'Shortcut' }).fill(`status-${tag}`);
    await dialog.getByRole('textbox', { name: 'Reply text' }).fill('We are on it; the site will be back shortly.');
    await dialog.getByRole('button', { name: 'Save reply' }).click();
    await expect(page.getByText('Canned reply added.')).toBeVisible();
    const list = dialog.getByRole('list', { name: 'Canned replies' });
    await expect(list.getByText(`Site status ${tag}`)).toBeVisible();
    await expect(list.getByText(`/status-${tag}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const urgentRow = queue.getByRole('row', { name: new RegExp(`Website down ${tag}`) });
    await expect(urgentRow).toContainText(/First response due in (1|2) hr/);

    // Accessible, light and dark, with a selection showing the toolbar.
    await page.getByRole('checkbox', { name: `Select #${ids.urgent} Website down ${tag}` }).check();
    await expectAccessible(page, 'desk queue (light)');
    await page.getByRole('button', { name: 'Colour mode' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.keyboard.press('Escape');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expectAccessible(page, 'desk queue (dark)');

    // 360 px: cards with checkboxes and the sort choice, nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 800 });
    const cards = page.getByRole('list', { name: 'Queue' });
    await expect(cards.getByRole('listitem').first()).toContainText(`Website down ${tag}`);
    await expect(cards.getByRole('checkbox', { name: `Select #${ids.urgent} Website down ${tag}` })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'desk queue (360 px, dark)');
    await context.close();
  });
});
