import type { Browser } from '@playwright/test';
import { helpDeskEndpoints, ticketEndpoints } from '@portal/contracts';
import { apiUrl, createAccount, expect, expectAccessible, signIn, signInAs, test, tokenOf } from './fixtures';

/** The requester's browser, recording every frame its `/ws/notification/` socket receives. */
async function requesterWithFrames(browser: Browser, baseURL: string | undefined, username: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const frames: string[] = [];
  const sockets: string[] = [];
  page.on('websocket', (ws) => {
    sockets.push(ws.url());
    if (!ws.url().includes('/ws/notification/')) return;
    ws.on('framereceived', ({ payload }) =>
      frames.push(typeof payload === 'string' ? payload : payload.toString('utf8')),
    );
  });
  await signIn(page, username, password);
  return { context, page, frames, sockets };
}

test.describe('help desk thread (/dashboard/ticket/{id})', () => {
  test('internal notes stay on the desk, canned replies, requester panel, queue navigation, reply toast', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(300_000);
    // A desk no other journey uses (Traning), so its queue is this journey's alone.
    const agent = await createAccount(request, { user_type: 'Traning' });
    const colleague = await createAccount(request, { user_type: 'Traning' });
    const requester = await createAccount(request, { user_type: 'HR' });
    const admin = await tokenOf(request, 'admin');
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const tag = Date.now().toString(36);

    // Targets for the desk (ADMIN manages every desk), so the thread shows due times.
    const sla = await request.put(apiUrl(helpDeskEndpoints.setSlaTargets), {
      headers: auth(admin),
      data: {
        department: 'Traning',
        targets: ['urgent', 'high', 'normal', 'low'].map((priority) => ({
          priority,
          first_response_minutes: 120,
          resolution_minutes: 2880,
        })),
      },
    });
    expect(sla.status()).toBe(200);

    const requesterToken = await tokenOf(request, requester.username, requester.password);
    const ids: number[] = [];
    const subjects = [`Course room locked ${tag}`, `Slides missing ${tag}`, `Projector cable ${tag}`];
    for (const [i, priority] of (['urgent', 'normal', 'low'] as const).entries()) {
      const res = await request.post(apiUrl(ticketEndpoints.createTicket), {
        headers: auth(requesterToken),
        data: { department: 'Traning', subject: subjects[i], description: 'Please help.', priority },
      });
      expect(res.status()).toBe(201);
      ids.push(((await res.json()) as { id: number }).id);
    }
    const [first, middle, last] = ids as [number, number, number];

    const agentToken = await tokenOf(request, agent.username, agent.password);
    const shortcut = `welcome-${tag}`;
    const cannedBody = `Thanks for writing to Training ${tag}; we are on it.`;
    const canned = await request.post(apiUrl(helpDeskEndpoints.createCannedReply), {
      headers: auth(agentToken),
      data: { department: 'Traning', title: `Welcome ${tag}`, shortcut, body: cannedBody },
    });
    expect(canned.status()).toBe(201);
    const assigned = await request.put(apiUrl(ticketEndpoints.updateTicket, { ticket: middle }), {
      headers: auth(agentToken),
      data: { assignee: agent.id },
    });
    expect(assigned.status()).toBe(200);

    // The requester reads the middle ticket's thread, recording their socket's frames.
    const owner = await requesterWithFrames(browser, baseURL, requester.username, requester.password);
    await owner.page.goto(`/ticket/${middle}`);
    await expect(owner.page.getByRole('heading', { level: 1, name: subjects[1] })).toBeVisible();
    await expect.poll(() => owner.sockets.some((url) => url.includes('/ws/notification/'))).toBe(true);
    // The owner's view has no note mode and no desk tools.
    await expect(owner.page.getByRole('button', { name: 'Internal note' })).toHaveCount(0);
    await expect(owner.page.getByRole('button', { name: 'Canned replies' })).toHaveCount(0);

    // A colleague on the same desk has the thread open too.
    const other = await signInAs(browser, baseURL, colleague.username, colleague.password);
    await other.page.goto(`/dashboard/ticket/${middle}`);
    await expect(other.page.getByRole('heading', { level: 1, name: subjects[1] })).toBeVisible();

    // The agent opens it from the queue (filtered to the desk): "2 of 3" in priority order.
    const desk = await signInAs(browser, baseURL, agent.username, agent.password);
    await desk.page.goto('/dashboard?department=Traning');
    await desk.page.getByRole('table', { name: 'Queue' }).getByRole('link', { name: subjects[1] }).click();
    await expect(desk.page).toHaveURL(new RegExp(`/dashboard/ticket/${middle}$`));
    const queueNav = desk.page.getByRole('navigation', { name: 'Queue' });
    await expect(queueNav).toContainText('2 of 3');
    await expect(desk.page.getByRole('region', { name: 'Service level' })).toContainText('First response');

    // The requester panel lists their other tickets on this desk.
    const panel = desk.page.getByRole('complementary', { name: 'Requester' });
    await expect(panel.getByRole('link', { name: new RegExp(subjects[0]!) })).toBeVisible();
    await expect(panel.getByRole('link', { name: new RegExp(subjects[2]!) })).toBeVisible();
    await expect(panel).toContainText('3 tickets to your desks in all');
    await expect(panel.getByRole('link', { name: `Email: ${requester.username}@portal.example` })).toHaveAttribute(
      'href',
      `mailto:${requester.username}@portal.example`,
    );

    // An internal note: the agent and the colleague see it, marked; the requester never does.
    const note = `Note ${tag}: the room key is with security.`;
    await desk.page.getByRole('button', { name: 'Internal note' }).click();
    await expect(desk.page.getByText('Only the desk sees this note.')).toBeVisible();
    await desk.page.getByRole('textbox', { name: 'Your internal note' }).fill(note);
    await desk.page.getByRole('button', { name: 'Add note' }).click();
    const noteLabel = `Internal note by Rami Test, seen by the desk only`;
    await expect(desk.page.getByRole('article', { name: noteLabel })).toContainText(note);
    await expect(other.page.getByRole('article', { name: noteLabel })).toContainText(note);

    // A canned reply by typing "/" and its shortcut, then sent to the requester.
    await desk.page.getByRole('button', { name: 'Reply to requester' }).click();
    const box = desk.page.getByRole('textbox', { name: 'Your reply' });
    await box.click();
    await box.pressSequentially(`Hello. /welcome-${tag.slice(0, 3)}`);
    const suggestions = desk.page.getByRole('listbox', { name: 'Canned replies' });
    await expect(suggestions.getByRole('option', { name: new RegExp(`Welcome ${tag}`) })).toBeVisible();
    await box.press('Enter');
    await expect(box).toHaveValue(`Hello. ${cannedBody}`);
    await desk.page.getByRole('button', { name: 'Send reply' }).click();
    await expect(box).toHaveValue('');

    // The requester got the reply live, after the note: the note never reached them.
    await expect(owner.page.getByText(cannedBody)).toBeVisible();
    await expect(owner.page.getByText(note)).toHaveCount(0);
    expect(owner.frames.some((f) => f.includes(cannedBody))).toBe(true);
    expect(owner.frames.filter((f) => f.includes(note))).toEqual([]);
    await owner.page.reload();
    await expect(owner.page.getByText(cannedBody)).toBeVisible();
    await expect(owner.page.getByText(note)).toHaveCount(0);

    // Accessible on the desk's thread, light and dark (with a note in it).
    await expectAccessible(desk.page, 'desk thread (light)');
    await desk.page.getByRole('button', { name: 'Colour mode' }).click();
    await desk.page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await desk.page.keyboard.press('Escape');
    await expect(desk.page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expectAccessible(desk.page, 'desk thread (dark)');

    // Next / previous through the queue: buttons and j / k.
    await queueNav.getByRole('button', { name: 'Next ticket' }).click();
    await expect(desk.page).toHaveURL(new RegExp(`/dashboard/ticket/${last}$`));
    await expect(queueNav).toContainText('3 of 3');
    await expect(queueNav.getByRole('button', { name: 'Next ticket' })).toBeDisabled();
    await desk.page.getByRole('heading', { level: 1 }).click();
    await desk.page.keyboard.press('k');
    await expect(desk.page).toHaveURL(new RegExp(`/dashboard/ticket/${middle}$`));
    await expect(queueNav).toContainText('2 of 3');
    await desk.page.keyboard.press('k');
    await expect(desk.page).toHaveURL(new RegExp(`/dashboard/ticket/${first}$`));
    await expect(queueNav).toContainText('1 of 3');
    await expect(queueNav.getByRole('button', { name: 'Previous ticket' })).toBeDisabled();
    // "Back to the desk" still returns to the filtered queue.
    await expect(desk.page.getByRole('link', { name: 'Back to the desk' })).toHaveAttribute(
      'href',
      '/dashboard?department=Traning',
    );

    // The requester answers: the assigned agent (on another ticket) is told; the colleague is not.
    const answer = `Still locked ${tag}.`;
    await owner.page.getByRole('textbox', { name: 'Your reply' }).fill(answer);
    await owner.page.getByRole('button', { name: 'Send reply' }).click();
    const toastName = `Rami Test replied to “${subjects[1]}”`;
    const toastLink = desk.page.getByRole('link', { name: toastName });
    await expect(toastLink).toBeVisible();
    await expect(other.page.getByText(answer)).toBeVisible();
    await expect(other.page.getByRole('link', { name: toastName })).toHaveCount(0);
    await toastLink.click();
    await expect(desk.page).toHaveURL(new RegExp(`/dashboard/ticket/${middle}$`));
    await expect(desk.page.getByText(answer)).toBeVisible();

    // 360 px: the requester panel folds away, nothing wider than the screen, still accessible (dark).
    await desk.page.setViewportSize({ width: 360, height: 800 });
    await expect(desk.page.getByRole('button', { name: 'Requester', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await desk.page.getByRole('button', { name: 'Requester', exact: true }).click();
    await expect(desk.page.getByRole('complementary', { name: 'Requester' })).toContainText(subjects[0]!);
    const overflow = await desk.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(desk.page, 'desk thread (360 px, dark)');

    await Promise.all([owner.context.close(), other.context.close(), desk.context.close()]);
  });
});
