import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers/app-providers';
import { createStore } from '../../../app/store';
import { fakeApi, makeTicket, makeUser } from '../../../test/fake-api';
import { emptyAuthState } from '../../auth/auth.slice';
import { ReplyForm } from './reply-form';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
}));

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

function renderForm(put: Parameters<typeof fakeApi>[0][string] = () => ({ status: 500 })) {
  const api = fakeApi({ 'PUT /api/user/active-tickets/41/': put });
  const store = createStore({ ...emptyAuthState, token: 'token', user: makeUser('IT'), isAuthenticated: true });
  const view = render(
    <AppProviders store={store}>
      <ReplyForm ticketId={41} viewerId={7} canClose />
    </AppProviders>,
  );
  return { api, view, box: () => screen.getByRole('textbox', { name: 'Your reply' }) };
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
});
