import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeTicket, makeUser } from '../../../test/fake-api';
import type { TCannedReply } from '@portal/contracts';
import { ReplyForm } from './reply-form';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
  playRequesterReplySound: vi.fn(),
}));

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

const canned: TCannedReply[] = [
  {
    id: 1,
    department: 'IT',
    title: 'Password reset',
    shortcut: 'reset',
    body: 'I have reset your password.',
    created_by: null,
    updated_at: '2026-11-01T00:00:00.000Z',
  },
  {
    id: 2,
    department: 'IT',
    title: 'VPN profile',
    shortcut: 'vpn',
    body: 'Install the new VPN profile.',
    created_by: null,
    updated_at: '2026-11-01T00:00:00.000Z',
  },
];

function renderForm(put: Parameters<typeof fakeApi>[0][string] = () => ({ status: 500 }), desk?: 'IT') {
  const { api, ...view } = renderApp(<ReplyForm ticketId={41} viewerId={7} canClose {...(desk ? { desk } : {})} />, {
    user: makeUser('IT'),
    api: {
      'PUT /api/user/active-tickets/41/': put,
      'GET /api/user/canned-replies/': () => ({ status: 200, body: canned }),
    },
  });
  return { api, view, box: () => screen.getByRole('textbox', { name: /^Your (reply|internal note)$/ }) };
}

describe('reply box', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps an unsent reply as a draft across leaving the page and a failed send', async () => {
    const first = renderForm(() => ({ status: 500, body: { message: 'down' } }));
    await userEvent.type(first.box(), 'Half a thought');
    first.view.unmount();

    const { box, api } = renderForm(() => ({ status: 400, body: { message: 'bad', extra: { fields: {} } } }));
    expect(box()).toHaveValue('Half a thought');
    // A failed send keeps the text.
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(api.calls.some((c) => c.key === 'PUT /api/user/active-tickets/41/')).toBe(true));
    expect(box()).toHaveValue('Half a thought');
  });

  it('sends "Send and close" as one request with the reply and the status, then clears', async () => {
    const { box, api } = renderForm(() => ({ status: 200, body: makeTicket({ status: 'closed' }) }));
    await userEvent.type(box(), 'All done.');
    await userEvent.click(screen.getByRole('button', { name: 'Send and close' }));
    await waitFor(() => expect(box()).toHaveValue(''));
    expect(api.calls.find((c) => c.key === 'PUT /api/user/active-tickets/41/')?.body).toEqual({
      reply: 'All done.',
      status: 'closed',
    });
    expect(window.sessionStorage.getItem('portal.ticket-draft.7.41')).toBeNull();
  });

  it('takes pasted and picked files, refusing what the browser can already tell is wrong', async () => {
    const { box } = renderForm();
    fireEvent.paste(box(), { clipboardData: { files: [file('shot.png', 'image/png')], types: ['Files'] } });
    expect(screen.getByText(/shot\.png · 10 B/)).toBeInTheDocument();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [file('setup.exe', 'application/x-msdownload')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('setup.exe is not a PNG, JPEG, PDF or text file.');
    fireEvent.change(input, {
      target: { files: [file('big.pdf', 'application/pdf', 10 * 1024 * 1024 + 1)] },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('big.pdf is larger than 10 MiB.');
    const five = ['a', 'b', 'c', 'd', 'e'].map((n) => file(`${n}.txt`, 'text/plain'));
    fireEvent.change(input, { target: { files: five } });
    expect(screen.getByRole('alert')).toHaveTextContent('At most 5 files per message.');
    expect(screen.getAllByText(/\.(png|txt) · 10 B/)).toHaveLength(5);
  });

  it('the owner has no note mode and no canned replies', () => {
    renderForm();
    expect(screen.queryByRole('button', { name: 'Internal note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Canned replies' })).not.toBeInTheDocument();
  });

  it('in note mode the desk sends an internal note, marked as seen by the desk only', async () => {
    const { box, api } = renderForm(() => ({ status: 200, body: makeTicket() }), 'IT');
    expect(screen.getByRole('button', { name: 'Reply to requester' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Internal note' }));
    expect(screen.getByRole('button', { name: 'Internal note' })).toHaveAttribute('aria-pressed', 'true');
    expect(box()).toHaveAccessibleName('Your internal note');
    expect(box()).toHaveAccessibleDescription(/^Only the desk sees this note\./);
    // A note is never the last word: no "Send and close".
    expect(screen.queryByRole('button', { name: 'Send and close' })).not.toBeInTheDocument();
    await userEvent.type(box(), 'Checked the logs: DNS.');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(box()).toHaveValue(''));
    expect(api.calls.find((c) => c.key === 'PUT /api/user/active-tickets/41/')?.body).toEqual({
      reply: 'Checked the logs: DNS.',
      internal: true,
    });
  });

  it('typing "/" at the start of a word suggests canned replies; Enter puts the body in place of /shortcut', async () => {
    const { box } = renderForm(undefined, 'IT');
    await screen.findByText('Type / for a canned reply');
    await userEvent.type(box(), 'Hello. /vp');
    const list = screen.getByRole('listbox', { name: 'Canned replies' });
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    expect(within(list).getByRole('option')).toHaveTextContent('VPN profile');
    expect(box()).toHaveAttribute('aria-activedescendant', within(list).getByRole('option').id);
    await userEvent.keyboard('{Enter}');
    expect(box()).toHaveValue('Hello. Install the new VPN profile.');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // Escape closes the list; a slash inside a word ("and/or") never opens it.
    await userEvent.type(box(), ' /');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.type(box(), ' and/or');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('the "Canned replies" menu (also Ctrl+Shift+K) searches and inserts at the caret', async () => {
    const { box } = renderForm(undefined, 'IT');
    await screen.findByText('Type / for a canned reply');
    await userEvent.type(box(), 'Dear Hala, ');
    await userEvent.keyboard('{Control>}{Shift>}K{/Shift}{/Control}');
    const search = await screen.findByRole('combobox', { name: 'Search canned replies' });
    await userEvent.type(search, 'password');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(box()).toHaveValue('Dear Hala, I have reset your password.'));
  });
});
