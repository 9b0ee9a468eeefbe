import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TIntegrationKey } from '@portal/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeUser } from '../../../test/fake-api';
import { IntegrationKeysSection } from './integration-keys-section';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
}));

const telephony: TIntegrationKey = {
  id: 3,
  name: 'Telephony',
  prefix: 'pk_ab12',
  created_at: '2026-11-01T09:00:00.000Z',
  last_used_at: '2026-11-23T08:00:00.000Z',
  revoked_at: null,
};
const old: TIntegrationKey = {
  id: 2,
  name: 'Old dialler',
  prefix: 'pk_zz99',
  created_at: '2026-10-01T09:00:00.000Z',
  last_used_at: null,
  revoked_at: '2026-10-20T09:00:00.000Z',
};

/** The keys section on a wide screen, ADMIN signed in; the fake API keeps the keys it creates and revokes. */
function renderKeys(extra: Parameters<typeof fakeApi>[0] = {}) {
  let keys = [telephony, old];
  const api: Parameters<typeof fakeApi>[0] = {
    'GET /api/admin/integration-keys/': () => ({ status: 200, body: keys }),
    'POST /api/admin/integration-keys/': async (request) => {
      const { name } = (await request.json()) as { name: string };
      const made = { ...telephony, id: 4, name, prefix: 'pk_new1', last_used_at: null };
      keys = [made, ...keys];
      return { status: 201, body: { ...made, key: 'pk_new1_secret_value' } };
    },
    'DELETE /api/admin/integration-keys/3/': () => {
      keys = keys.map((k) => (k.id === 3 ? { ...k, revoked_at: '2026-11-23T10:00:00.000Z' } : k));
      // (The server answers 204; the fake's Response cannot carry an empty 204: an empty 200 reads alike.)
      return { status: 200, raw: '' };
    },
    ...extra,
  };
  return renderApp(<IntegrationKeysSection />, { url: '/admin', wide: true, user: makeUser('ADMIN'), api }).api;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('integration keys (ADMIN)', () => {
  it('lists keys with prefix, last use and whether revoked; only live keys can be revoked', async () => {
    renderKeys();
    const table = await screen.findByRole('table', { name: 'Integration keys' });
    const live = within(table).getByText('Telephony').closest('tr')!;
    expect(within(live).getByText('pk_ab12…')).toBeInTheDocument();
    expect(within(live).getByText('Active')).toBeInTheDocument();
    const revoked = within(table).getByText('Old dialler').closest('tr')!;
    expect(within(revoked).getByText('Never')).toBeInTheDocument();
    expect(within(revoked).getByText(/^Revoked /)).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('shows a new key once, with a copy button and a warning', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    // user-event installs its own clipboard on setup: replace it after.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = renderKeys();
    await screen.findByRole('table', { name: 'Integration keys' });
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Name the integration.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.key === 'POST /api/admin/integration-keys/')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Genesys');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New key: Genesys' });
    expect(within(dialog).getByText('Copy this key now: it will not be shown again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Key' })).toHaveValue('pk_new1_secret_value');
    await user.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith('pk_new1_secret_value');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list has it, never the secret.
    expect((await screen.findByText('Genesys')).closest('tr')).not.toBeNull();
    expect(screen.queryByText('pk_new1_secret_value')).not.toBeInTheDocument();
  });

  it('revokes a key after a confirmation', async () => {
    const user = userEvent.setup();
    const api = renderKeys();
    await screen.findByRole('table', { name: 'Integration keys' });
    await user.click(screen.getByRole('button', { name: 'Revoke Telephony' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Telephony?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke Telephony' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke Telephony?' })).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText('Key revoked.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke Telephony' })).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.key === 'DELETE /api/admin/integration-keys/3/')).toHaveLength(1);
  });
});
