import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TIdentityMapping, TIdentityMappingPreview } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { IdentityMappingsSection } from './identity-mappings-section';

const saved: TIdentityMapping = {
  id: 1,
  position: 1,
  match_kind: 'group',
  claim: '',
  value: 'IT Staff',
  user_type: 'IT',
  is_manager: false,
  is_director: false,
};
const affected: TIdentityMappingPreview = {
  count: 1,
  affected: [
    {
      user: { id: 9, username: 'sara', first_name: 'Sara', last_name: 'Nasser', user_type: 'IT' },
      current: { user_type: 'IT', is_manager: false, is_director: false },
      next: { user_type: 'HR', is_manager: true, is_director: false },
    },
  ],
};

describe('the directory mapping tab', () => {
  it('shows whom a new rule affects, with the whole draft list, and saves only after that', async () => {
    const { api } = renderApp(<IdentityMappingsSection />, {
      user: makeUser('ADMIN'),
      wide: true,
      api: {
        'GET /api/admin/identity-mappings/': () => ({ status: 200, body: [saved] }),
        'POST /api/admin/identity-mappings/preview/': () => ({ status: 200, body: affected }),
        'POST /api/admin/identity-mappings/': () => ({ status: 201, body: { ...saved, id: 2, position: 2 } }),
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('IT Staff')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a mapping rule' });
    await user.type(within(dialog).getByRole('textbox', { name: /Group name or DN/ }), 'HR Leads');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Manager' }));
    await user.click(within(dialog).getByRole('button', { name: 'Check whom it affects' }));

    expect(await within(dialog).findByText('This change affects 1 person at their next sign-in.')).toBeInTheDocument();
    expect(within(dialog).getByText('Sara Nasser')).toBeInTheDocument();
    expect(within(dialog).getByText('IT → HR, Manager')).toBeInTheDocument();
    const preview = api.calls.find((c) => c.key === 'POST /api/admin/identity-mappings/preview/');
    expect(preview?.body).toMatchObject({
      rules: [{ value: 'IT Staff' }, { match_kind: 'group', value: 'HR Leads', is_manager: true }],
    });
    expect(api.calls.filter((c) => c.key === 'POST /api/admin/identity-mappings/')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === 'POST /api/admin/identity-mappings/')?.body).toMatchObject({
        value: 'HR Leads',
        is_manager: true,
      }),
    );
  });
});
