import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18next } from '../../../lib/i18n/i18n';
import { makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { CreateAccountForm } from './create-account-form';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

const created = makeUser('QUALITY', { id: 40, username: 'new.person' });

async function fillAllButType() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: /Username/ }), 'new.person');
  await user.type(screen.getByLabelText(/^Password/), 'Orchid-Lantern-77');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'new.person@portal.example');
  return user;
}

describe('the New account form', () => {
  it('preselects no type, and refuses to create one until a type is chosen', async () => {
    const { api } = renderApp(<CreateAccountForm />, {
      user: makeUser('ADMIN'),
      api: { 'POST /api/user/create-admin/': () => ({ status: 201, body: created }) },
    });
    const type = screen.getByRole('combobox', { name: /Type/ });
    // Nothing chosen: the field shows no type at all.
    expect(type.textContent?.replace(/\u200b/g, '').trim()).toBe('');
    const user = await fillAllButType();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('Choose the type of account: it decides what the person may see and do.'),
    ).toBeInTheDocument();
    expect(type).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.key === 'POST /api/user/create-admin/')).toHaveLength(0);

    await user.click(type);
    await user.click(await screen.findByRole('option', { name: 'QUALITY' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === 'POST /api/user/create-admin/')?.body).toMatchObject({
        username: 'new.person',
        user_type: 'QUALITY',
      }),
    );
  });

  it('says the missing type in Arabic too', async () => {
    await changeLanguage('ar');
    renderApp(<CreateAccountForm />, { user: makeUser('ADMIN') });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: i18next.t('account.create') }));
    expect(await screen.findByText(i18next.t('messages.userTypeMissing'))).toBeInTheDocument();
    expect(i18next.t('messages.userTypeMissing')).not.toMatch(/[A-Za-z]{3}/);
  });
});
