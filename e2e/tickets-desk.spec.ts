import { apiUrl, createAccount, expect, signInAs, test, tokenOf } from './fixtures';
import { ticketEndpoints } from '@portal/contracts';

test.describe('help desk (/dashboard)', () => {
  test('figures, filters kept in the URL, history, and only the right desk sees the tickets', async ({
    browser,
    baseURL,
    request,
  }) => {
    // A desk of its own (RTM: no other journey sends tickets there), so the figures are exact.
    const deskUser = await createAccount(request, { user_type: 'RTM' });
    const owner = await createAccount(request, { user_type: 'HR' });
    const ownerToken = await tokenOf(request, owner.username, owner.password);
    const tag = Date.now().toString(36);
    const ids: Record<string, number> = {};
    for (const [subject, priority] of [
      [`Roster export fails ${tag}`, 'urgent'],
      [`Shift swap request ${tag}`, 'low'],
      [`Break times wrong ${tag}`, 'normal'],
    ] as const) {
      const res = await request.post(apiUrl(ticketEndpoints.createTicket), {
        headers: { authorization: `Bearer ${ownerToken}` },
        data: { department: 'RTM', subject, description: 'Details inside.', priority },
      });
      expect(res.status()).toBe(201);
      ids[subject] = ((await res.json()) as { id: number }).id;
    }
    const deskToken = await tokenOf(request, deskUser.username, deskUser.password);
    const closed = await request.put(
      apiUrl(ticketEndpoints.updateTicket, { ticket: ids[`Break times wrong ${tag}`]! }),
      {
        headers: { authorization: `Bearer ${deskToken}` },
        data: { reply: 'Fixed in the roster.', status: 'closed' },
      },
    );
    expect(closed.status()).toBe(200);

    const { context, page } = await signInAs(browser, baseURL, deskUser.username, deskUser.password);
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Tickets for RTM')).toBeVisible();

    // The figures: two active, both open; one closed and one opened-and-answered in the period.
    const stats = page.getByRole('region', { name: 'Figures' });
    const card = (label: string | RegExp) =>
      stats.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
    await expect(card('Open')).toContainText('2');
    await expect(card('In progress')).toContainText('0');
    await expect(card('Tickets opened')).toContainText('3');
    await expect(card('Tickets closed')).toContainText('1');
    await expect(card('Waiting > 4 h')).toContainText('0');
    await expect(stats.getByRole('heading', { name: 'Active tickets by department' })).toBeVisible();

    // The queue: both active tickets; filters go into the URL and survive a reload.
    const queue = page.getByRole('table', { name: 'Queue' });
    await expect(queue.getByRole('link')).toHaveCount(2);
    await page.getByRole('searchbox', { name: /Search text/ }).fill('roster');
    await expect(page).toHaveURL(/search=roster/);
    await expect(queue.getByRole('link')).toHaveCount(1);
    await page.getByRole('searchbox', { name: /Search text/ }).fill('');
    await expect(queue.getByRole('link')).toHaveCount(2);
    await page.getByLabel('Priority').click();
    await page.getByRole('option', { name: 'Urgent' }).click();
    await expect(page).toHaveURL(/priority=urgent/);
    await expect(queue.getByRole('link')).toHaveCount(1);
    await page.reload();
    await expect(queue.getByRole('link')).toHaveCount(1);
    await expect(queue.getByRole('link', { name: `Roster export fails ${tag}` })).toBeVisible();

    // History: the closed one, searchable.
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page).toHaveURL(/tab=history/);
    const history = page.getByRole('table', { name: 'History' });
    await page.getByLabel('Priority').click();
    await page.getByRole('option', { name: 'All' }).click();
    await expect(history.getByRole('link', { name: `Break times wrong ${tag}` })).toBeVisible();

    // A row opens the desk's thread.
    await page.getByRole('tab', { name: 'Queue' }).click();
    await queue.getByRole('link', { name: `Shift swap request ${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/ticket/${ids[`Shift swap request ${tag}`]}$`));
    await expect(page.getByLabel('Set status')).toBeVisible();

    // Taking it: the thread says so, and "Assigned: To me" on the queue finds it.
    await expect(page.getByText('Nobody has taken this ticket yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await expect(page.getByText('You have taken this ticket.')).toBeVisible();
    // Handed to a colleague on the desk (G.SDM stands above RTM), then taken back.
    await page.getByLabel('Hand to…').click();
    await page.getByRole('option', { name: /· G\.SDM$/ }).click();
    await expect(page.getByText(/ is on it\.$/)).toBeVisible();
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await expect(page.getByText('You have taken this ticket.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the desk' }).click();
    await page.getByLabel('Priority').click();
    await page.getByRole('option', { name: 'All' }).click();
    await page.getByLabel('Assigned').click();
    await page.getByRole('option', { name: 'To me' }).click();
    await expect(page).toHaveURL(/assignee=me/);
    await expect(queue.getByRole('link')).toHaveCount(1);
    await expect(queue.getByRole('row', { name: new RegExp(`Shift swap request ${tag}`) })).toContainText('Rami Test');
    await context.close();

    // Another desk sees none of it.
    const other = await createAccount(request, { user_type: 'WFM' });
    const { context: otherCtx, page: otherPage } = await signInAs(browser, baseURL, other.username, other.password);
    await otherPage.goto(`/dashboard?search=${tag}`);
    await expect(otherPage.getByText('No active tickets here. Nice work.')).toBeVisible();
    await otherPage.goto(`/dashboard/ticket/${ids[`Shift swap request ${tag}`]}`);
    await expect(otherPage.getByRole('alert').filter({ hasText: 'Ticket May Completed Or Not exisit' })).toBeVisible();
    await otherCtx.close();
  });
});
