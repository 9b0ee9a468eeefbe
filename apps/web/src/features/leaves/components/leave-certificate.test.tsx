import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n/i18n';
import { renderApp } from '../../../test/render-app';
import { leavePerson, makeLeave } from '../test-data';
import { LeaveCertificate } from './leave-certificate';

afterEach(() => changeLanguage('en'));

describe('the leave certificate', () => {
  it('names the employee’s and the approver’s departments in the page’s language', async () => {
    const approver = { ...leavePerson(9, 'mona', 'Mona', 'Manager'), user_type: 'OPERATION' as const };
    const leave = makeLeave({
      status: 'approved',
      timeline: [
        ...makeLeave().timeline,
        { id: 2, event: 'approved', actor: approver, at: '2026-11-21T09:00:00.000Z', comment: '' },
      ],
    });
    await changeLanguage('ar');
    renderApp(<LeaveCertificate leave={leave} />, { user: null });
    const certificate = screen.getByTestId('leave-certificate');
    expect(certificate).toHaveTextContent('الموارد البشرية');
    expect(certificate).toHaveTextContent('العمليات');
    expect(certificate).not.toHaveTextContent(/\bHR\b|OPERATION/);
  });
});
