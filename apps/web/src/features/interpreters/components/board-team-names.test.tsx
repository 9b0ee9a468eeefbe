import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { makeUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { makeInterpreter } from '../test-data';
import { InterpretersBoard } from './interpreters-board';

vi.mock('../../../lib/sounds', () => ({
  playNewTicketSound: vi.fn(),
  playNotificationSound: vi.fn(),
  playLoginFailureSound: vi.fn(),
}));

afterEach(async () => {
  vi.restoreAllMocks();
  await changeLanguage('en');
});

describe('the board’s team filter', () => {
  it('names each team in the page’s language (falling back to its English name) and filters by it', async () => {
    await changeLanguage('ar');
    const user = userEvent.setup();
    renderApp(<InterpretersBoard />, {
      wide: true,
      user: makeUser('WFM'),
      api: {
        'GET /api/user/interpreters/': () => ({
          status: 200,
          body: [
            makeInterpreter('zaid', 'Zaid', 'Nour', { profile: { team: 'Legal', team_ar: 'القانوني' } }),
            makeInterpreter('amal', 'Amal', 'Haddad', { profile: { team: 'Medical', team_ar: null } }),
          ],
        }),
        'GET /api/user/follow-settings/': () => ({ status: 200, body: { notify_when_online: false } }),
      },
    });
    await screen.findByText('@zaid');
    await user.click(screen.getByRole('combobox', { name: 'الفريق' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['كل الفرق', 'القانوني', 'Medical']);
    await user.click(screen.getByRole('option', { name: 'القانوني' }));
    expect(screen.queryByText('@amal')).not.toBeInTheDocument();
    expect(screen.getByText('@zaid')).toBeInTheDocument();
  });
});
