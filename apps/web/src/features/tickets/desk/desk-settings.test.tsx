import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCannedReply, TSlaTargets } from '@portal/contracts';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser, ticketPerson } from '../../../test/fake-api';
import { CannedRepliesManager } from './canned-replies-manager';
import { SlaTargetsForm } from './sla-targets-form';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
}));

const viewer = makeUser('IT', { id: 7 });

const renderWith = (handlers: Parameters<typeof fakeApi>[0], node: ReactNode) =>
  renderApp(node, { user: viewer, api: handlers }).api;

const targets = (can_edit: boolean): TSlaTargets => ({
  department: 'IT',
  can_edit,
  targets: [
    { priority: 'urgent', first_response_minutes: 30, resolution_minutes: 240 },
    { priority: 'high', first_response_minutes: 90, resolution_minutes: null },
  ],
});

/** The hours or minutes box of one priority's target. */
const box = (priority: string, kind: string, part: 'Hours' | 'Minutes') =>
  within(screen.getByRole('group', { name: `${priority}: ${kind}` })).getByRole('textbox', { name: part });

afterEach(() => vi.unstubAllGlobals());

describe('SLA targets form', () => {
  it('shows the targets as hours and minutes, validates with the contract, and sends minutes', async () => {
    const api = renderWith(
      {
        'GET /api/user/ticket-sla/': () => ({ status: 200, body: targets(true) }),
        'PUT /api/user/ticket-sla/': () => ({ status: 200, body: targets(true) }),
      },
      <SlaTargetsForm department="IT" />,
    );
    expect(await screen.findByRole('group', { name: 'Urgent: First response' })).toBeInTheDocument();
    expect(box('Urgent', 'Resolution', 'Hours')).toHaveValue('4');
    expect(box('Urgent', 'Resolution', 'Minutes')).toHaveValue('0');
    expect(box('High', 'First response', 'Hours')).toHaveValue('1');
    expect(box('High', 'First response', 'Minutes')).toHaveValue('30');
    expect(box('Low', 'Resolution', 'Hours')).toHaveValue('');

    // First response after the resolution: the contract's refinement, under that field.
    await userEvent.clear(box('Urgent', 'First response', 'Minutes'));
    await userEvent.type(box('Urgent', 'First response', 'Hours'), '5');
    // Not a number.
    await userEvent.type(box('Low', 'Resolution', 'Hours'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save targets' }));
    const urgentFirst = screen.getByRole('group', { name: 'Urgent: First response' });
    expect(
      await within(urgentFirst).findByText('The first response cannot be due after the resolution.'),
    ).toBeInTheDocument();
    expect(box('Urgent', 'First response', 'Hours')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(screen.getByRole('group', { name: 'Low: Resolution' })).getByText('Enter a number of minutes.'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'PUT /api/user/ticket-sla/')).toBe(false);

    await userEvent.clear(box('Urgent', 'First response', 'Hours'));
    await userEvent.type(box('Urgent', 'First response', 'Minutes'), '45');
    await userEvent.clear(box('Low', 'Resolution', 'Hours'));
    await userEvent.type(box('Low', 'Resolution', 'Hours'), '48');
    await userEvent.click(screen.getByRole('button', { name: 'Save targets' }));
    await screen.findByText('SLA targets saved.');
    expect(api.calls.find((c) => c.key === 'PUT /api/user/ticket-sla/')?.body).toEqual({
      department: 'IT',
      targets: [
        { priority: 'urgent', first_response_minutes: 45, resolution_minutes: 240 },
        { priority: 'high', first_response_minutes: 90, resolution_minutes: null },
        { priority: 'normal', first_response_minutes: null, resolution_minutes: null },
        { priority: 'low', first_response_minutes: null, resolution_minutes: 2880 },
      ],
    });
  });

  it("puts the server's field errors under their fields", async () => {
    renderWith(
      {
        'GET /api/user/ticket-sla/': () => ({ status: 200, body: targets(true) }),
        'PUT /api/user/ticket-sla/': () => ({
          status: 400,
          body: {
            message: 'Invalid input.',
            extra: { fields: { 'targets.1.resolution_minutes': ['At most a year (525,600 minutes).'] } },
          },
        }),
      },
      <SlaTargetsForm department="IT" />,
    );
    await screen.findByRole('group', { name: 'High: Resolution' });
    await userEvent.type(box('High', 'Resolution', 'Hours'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save targets' }));
    expect(
      await within(screen.getByRole('group', { name: 'High: Resolution' })).findByText(
        'At most a year (525,600 minutes).',
      ),
    ).toBeInTheDocument();
  });

  it('is read-only with a note for those who may not change it', async () => {
    renderWith(
      { 'GET /api/user/ticket-sla/': () => ({ status: 200, body: targets(false) }) },
      <SlaTargetsForm department="IT" />,
    );
    expect(await screen.findByText("Only this desk's managers can change these targets.")).toBeInTheDocument();
    expect(box('Urgent', 'First response', 'Minutes')).toHaveAttribute('readonly');
    expect(box('Urgent', 'First response', 'Minutes')).toHaveValue('30');
    expect(screen.queryByRole('button', { name: 'Save targets' })).not.toBeInTheDocument();
  });
});

const reply = (over: Partial<TCannedReply>): TCannedReply => ({
  id: 1,
  department: 'IT',
  title: 'Password reset',
  shortcut: 'password-reset',
  body: 'Use the self-service page.',
  created_by: ticketPerson(7, 'me', 'Sam', 'One'),
  updated_at: '2026-11-22T10:00:00.000Z',
  ...over,
});

describe('canned replies manager', () => {
  it('lists by title, offers edit and delete only where allowed, and deletes after a confirmation', async () => {
    const api = renderWith(
      {
        'GET /api/user/canned-replies/': () => ({
          status: 200,
          body: [
            reply({}),
            reply({ id: 2, title: 'After hours', shortcut: 'after-hours', created_by: ticketPerson(9, 'nadia') }),
          ],
        }),
        // (The fake cannot answer 204: a Response of that status takes no body.)
        'DELETE /api/user/canned-replies/1/': () => ({ status: 200, body: {} }),
      },
      <CannedRepliesManager department="IT" viewer={viewer} />,
    );
    const list = await screen.findByRole('list', { name: 'Canned replies' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByText(/^\//).textContent)).toEqual(['/after-hours', '/password-reset']);
    // Someone else's, and the viewer is no manager: read only.
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Delete Password reset' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this canned reply?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Canned reply deleted.');
    expect(api.calls.some((c) => c.key === 'DELETE /api/user/canned-replies/1/')).toBe(true);
  });

  it("shows the contract's and the server's errors under the fields", async () => {
    const api = renderWith(
      {
        'GET /api/user/canned-replies/': () => ({ status: 200, body: [] }),
        'POST /api/user/canned-replies/': () => ({
          status: 400,
          body: {
            message: 'Invalid input.',
            extra: { fields: { shortcut: ['This desk already has that shortcut.'] } },
          },
        }),
      },
      <CannedRepliesManager department="IT" viewer={viewer} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'New canned reply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Give it a title.')).toBeInTheDocument();
    expect(screen.getByText('Choose a shortcut.')).toBeInTheDocument();
    expect(screen.getByText('Write the reply.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'VPN reset');
    await userEvent.type(screen.getByRole('textbox', { name: 'Shortcut' }), 'vpn reset!');
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply text' }), 'Restart the client.');
    await userEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('Letters, digits and dashes only, like "password-reset".')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'POST /api/user/canned-replies/')).toBe(false);

    await userEvent.clear(screen.getByRole('textbox', { name: 'Shortcut' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Shortcut' }), 'VPN');
    await userEvent.click(screen.getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByText('This desk already has that shortcut.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === 'POST /api/user/canned-replies/')?.body).toEqual({
        department: 'IT',
        title: 'VPN reset',
        shortcut: 'vpn',
        body: 'Restart the client.',
      }),
    );
  });
});
