import { describe, expect, it } from 'vitest';
import { accountErrorMessage, errorMessage, fieldErrors } from './api-error';

const body400 = (fields: Record<string, string[]>, message = 'Bad.') => ({
  status: 400,
  data: { message, extra: { fields } },
});

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

  // Spec §8 names no string for these: the portal's own plain translated words.
  it('with no response body, a plain message for its class, never the raw error', () => {
    expect(accountErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      text: "Can't reach the portal. Check your connection and try again.",
    });
    expect(accountErrorMessage({ status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' })).toEqual({
      text: 'The portal took too long to answer. Try again.',
    });
    expect(accountErrorMessage({ status: 502, data: '<html>bad gateway</html>' })).toEqual({
      text: 'Something went wrong on the portal. Try again in a moment.',
    });
    expect(accountErrorMessage({ message: 'TypeError: x is undefined' })).toEqual({
      text: 'Something went wrong. Try again.',
    });
  });
});

describe('errorMessage and fieldErrors', () => {
  it('prefers the server message', () => {
    expect(errorMessage({ status: 404, data: { message: 'User not found.' } })).toBe('User not found.');
    expect(
      errorMessage({ status: 'PARSING_ERROR', originalStatus: 200, data: 'x', error: 'SyntaxError: bad json' }),
    ).toBe('The portal sent an answer that could not be read. Try again.');
    // A 500's body says nothing useful; a 503 says the portal is briefly away.
    expect(errorMessage({ status: 500, data: { message: 'Internal server error.' } })).toBe(
      'Something went wrong on the portal. Try again in a moment.',
    );
    expect(errorMessage({ status: 503, data: { message: 'Back shortly.' } })).toBe('Back shortly.');
  });
  it('extracts field errors', () => {
    expect(fieldErrors(body400({ old_password: ['Wrong.'] }))).toEqual({ old_password: ['Wrong.'] });
    expect(fieldErrors({ status: 'FETCH_ERROR', error: 'x' })).toEqual({});
  });
});
