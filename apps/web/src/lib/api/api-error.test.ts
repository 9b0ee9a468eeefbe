import { describe, expect, it } from 'vitest';
import { accountErrorMessage, errorMessage, fieldErrors } from './api-error';

const body400 = (fields: Record<string, string[]>, message = 'Bad.') => ({ status: 400, data: { message, extra: { fields } } });

describe('spec §8 login and account errors', () => {
  it.each([
    [{ non_field_errors: ['x'] }, { key: 'errors.credentials' }],
    [{ password: ['x'] }, { key: 'errors.password' }],
    [{ email: ['x'] }, { key: 'errors.email' }],
    [{ username: ['x'] }, { key: 'errors.username' }],
    // The catalogue's order decides when several fields fail.
    [{ username: ['x'], password: ['y'] }, { key: 'errors.password' }],
    [{ email: ['x'], non_field_errors: ['y'] }, { key: 'errors.credentials' }],
  ])('%o → %o', (fields, expected) => {
    expect(accountErrorMessage(body400(fields))).toEqual(expected);
  });

  it("otherwise the response's message", () => {
    expect(accountErrorMessage(body400({ phone: ['x'] }, 'Phone is odd.'))).toEqual({ text: 'Phone is odd.' });
    expect(accountErrorMessage({ status: 429, data: { message: 'Slow down.' } })).toEqual({ text: 'Slow down.' });
  });

  it('with no response body, the error message itself', () => {
    expect(accountErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({ text: 'TypeError: Failed to fetch' });
    expect(accountErrorMessage({ status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' })).toEqual({
      text: 'AbortError: signal timed out',
    });
    expect(accountErrorMessage({ status: 502, data: '<html>bad gateway</html>' })).toEqual({ text: 'HTTP 502' });
    expect(accountErrorMessage({ message: 'Rejected' })).toEqual({ text: 'Rejected' });
  });
});

describe('errorMessage and fieldErrors', () => {
  it('prefers the server message', () => {
    expect(errorMessage({ status: 404, data: { message: 'User not found.' } })).toBe('User not found.');
    expect(errorMessage({ status: 'PARSING_ERROR', originalStatus: 200, data: 'x', error: 'SyntaxError: bad json' })).toBe('SyntaxError: bad json');
  });
  it('extracts field errors', () => {
    expect(fieldErrors(body400({ old_password: ['Wrong.'] }))).toEqual({ old_password: ['Wrong.'] });
    expect(fieldErrors({ status: 'FETCH_ERROR', error: 'x' })).toEqual({});
  });
});
