/**
 * The directory client against a real slapd (test/directory.ts): transports, both bind
 * modes, and the answers sign-in relies on. Sign-in through the API: ldap-sign-in.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../lib/config.js';
import { freePort, startDirectory, type Directory } from '../../../../test/directory.js';
import { askDirectory, escapeDnValue, userBindName, userFilter } from './directory.js';

let d: Directory;
beforeAll(async () => {
  d = await startDirectory();
  await d.addUser({
    uid: 'nadia',
    password: 'Nadia-Dir-Pass-1',
    givenName: 'Nadia',
    sn: 'Haddad',
    mail: 'nadia@corp.example',
  });
  await d.addUser({ uid: 'omar', password: 'Omar-Dir-Pass-2', givenName: 'Omar', sn: 'Saleh' });
  await d.addGroup('portal-hr', ['nadia']);
});
afterAll(() => d?.stop());

const config = (env: Record<string, string> = {}) => loadConfig({ ...d.env(), ...env });
const directBind = (env: Record<string, string> = {}) =>
  config({ LDAP_BIND_DN: '', LDAP_BIND_PASSWORD: '', LDAP_USER_DN_TEMPLATE: d.userDnTemplate, ...env });

describe('askDirectory', () => {
  it('signs a directory user in over ldaps:// (search then bind), with their entry and groups', async () => {
    const answer = await askDirectory(config(), 'nadia', 'Nadia-Dir-Pass-1');
    expect(answer).toEqual({
      kind: 'signedIn',
      identity: {
        provider: 'ldap',
        subject: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-/),
        username: 'nadia',
        email: 'nadia@corp.example',
        firstName: 'Nadia',
        lastName: 'Haddad',
        groups: [d.groupDn('portal-hr')],
        claims: {},
      },
    });
  });

  it('signs in over ldap:// with StartTLS, and binding directly as the user', async () => {
    const overStartTls = await askDirectory(config({ LDAP_URL: d.startTlsUrl }), 'omar', 'Omar-Dir-Pass-2');
    expect(overStartTls).toMatchObject({ kind: 'signedIn', identity: { username: 'omar', groups: [] } });
    const direct = await askDirectory(directBind({ LDAP_URL: d.startTlsUrl }), 'nadia', 'Nadia-Dir-Pass-1');
    // Without LDAP_USER_BASE the bound entry itself is read.
    const ownEntry = await askDirectory(directBind({ LDAP_USER_BASE: '' }), 'nadia', 'Nadia-Dir-Pass-1');
    expect(ownEntry).toEqual(direct);
    expect(direct).toMatchObject({
      kind: 'signedIn',
      identity: { username: 'nadia', groups: [d.groupDn('portal-hr')] },
    });
    // The same person (the same subject) whichever way they came in.
    const searched = await askDirectory(config(), 'nadia', 'Nadia-Dir-Pass-1');
    expect(direct.kind === 'signedIn' && direct.identity.subject).toBe(
      searched.kind === 'signedIn' && searched.identity.subject,
    );
  });

  it('tells a wrong password from a name the directory does not know (search then bind)', async () => {
    expect(await askDirectory(config(), 'nadia', 'not-her-password')).toEqual({ kind: 'wrongPassword' });
    expect(await askDirectory(config(), 'nobody-here', 'whatever-1')).toEqual({ kind: 'unknown' });
    // Binding directly, the directory gives one answer to both: the portal password decides.
    expect(await askDirectory(directBind(), 'nadia', 'not-her-password')).toEqual({ kind: 'unknown' });
    expect(await askDirectory(directBind(), 'nobody-here', 'whatever-1')).toEqual({ kind: 'unknown' });
  });

  it('escapes the username in the filter: wildcards and injected clauses match no one', async () => {
    const c = config();
    expect(userFilter(c, '*)(uid=*')).toBe('(|(uid=\\2a\\29\\28uid=\\2a)(sAMAccountName=\\2a\\29\\28uid=\\2a))');
    for (const typed of ['*', 'nad*', '*)(uid=*', '*)(|(uid=*', 'nadia)(objectClass=*']) {
      expect(await askDirectory(c, typed, 'Nadia-Dir-Pass-1'), typed).toEqual({ kind: 'unknown' });
    }
    // Binding directly, the name is escaped as a DN value: no other entry can be named.
    expect(userBindName(d.userDnTemplate, 'x,ou=people')).toBe(`uid=x\\,ou\\=people,${d.userBase}`);
    expect(escapeDnValue(' #a+b;c ')).toBe('\\ #a\\+b\\;c\\ ');
    expect(await askDirectory(directBind(), 'nadia,ou=people', 'Nadia-Dir-Pass-1')).toEqual({ kind: 'unknown' });
  });

  it('never sends an empty password (LDAP takes it for an anonymous bind, which succeeds)', async () => {
    // Pointed at a port nobody listens on: asking at all would answer "unavailable".
    const nowhere = config({ LDAP_URL: `ldaps://127.0.0.1:${await freePort()}` });
    expect(await askDirectory(nowhere, 'nadia', '')).toEqual({ kind: 'unknown' });
    expect(await askDirectory(config(), 'nadia', '')).toEqual({ kind: 'unknown' });
  });

  it('refuses a server certificate the CA file does not vouch for, and an unreachable directory, as unavailable', async () => {
    const untrusted = await askDirectory(config({ LDAP_CA_FILE: d.otherCaCertPath }), 'nadia', 'Nadia-Dir-Pass-1');
    expect(untrusted).toEqual({ kind: 'unavailable', error: expect.stringMatching(/CERT|SIGN|VERIFY/) });
    const viaStartTls = await askDirectory(
      config({ LDAP_URL: d.startTlsUrl, LDAP_CA_FILE: d.otherCaCertPath }),
      'nadia',
      'Nadia-Dir-Pass-1',
    );
    expect(viaStartTls).toEqual({ kind: 'unavailable', error: expect.stringMatching(/CERT|SIGN|VERIFY/) });
    // No CA file: the system's public CAs do not vouch for a private one either.
    const noCa = await askDirectory(config({ LDAP_CA_FILE: '' }), 'nadia', 'Nadia-Dir-Pass-1');
    expect(noCa.kind).toBe('unavailable');
    const down = await askDirectory(config({ LDAP_URL: `ldaps://127.0.0.1:${await freePort()}` }), 'nadia', 'x-1');
    expect(down).toEqual({ kind: 'unavailable', error: 'ECONNREFUSED' });
  });

  it('tries the next server of LDAP_URL when the first cannot be reached', async () => {
    const urls = `ldaps://127.0.0.1:${await freePort()},${d.url}`;
    expect(await askDirectory(config({ LDAP_URL: urls }), 'omar', 'Omar-Dir-Pass-2')).toMatchObject({
      kind: 'signedIn',
    });
  });

  it('answers unavailable when the service account is refused (a configuration fault, not the user’s)', async () => {
    const answer = await askDirectory(config({ LDAP_BIND_PASSWORD: 'stale-secret' }), 'nadia', 'Nadia-Dir-Pass-1');
    expect(answer).toEqual({ kind: 'unavailable', error: 'SERVICE_ACCOUNT_REFUSED' });
  });

  it('sends passwords over plain ldap:// only with LDAP_ALLOW_PLAIN=1, refused at start-up and at use otherwise', async () => {
    expect(() => config({ LDAP_URL: d.startTlsUrl, LDAP_STARTTLS: '0' })).toThrow(
      /LDAP_URL: ldap:\/\/ without StartTLS sends passwords in clear/,
    );
    const plain = config({ LDAP_URL: d.startTlsUrl, LDAP_STARTTLS: '0', LDAP_ALLOW_PLAIN: '1' });
    expect(await askDirectory(plain, 'omar', 'Omar-Dir-Pass-2')).toMatchObject({ kind: 'signedIn' });
    // A configuration that got past validation (built in code) is still refused when used.
    const forced = { ...plain, LDAP_ALLOW_PLAIN: false };
    expect(await askDirectory(forced, 'omar', 'Omar-Dir-Pass-2')).toEqual({
      kind: 'unavailable',
      error: 'PLAIN_LDAP_REFUSED',
    });
  });

  it('validates the settings at start-up with clear messages', () => {
    expect(() => config({ LDAP_BIND_DN: '', LDAP_BIND_PASSWORD: '' })).toThrow(
      /LDAP_BIND_DN: set LDAP_BIND_DN \(search then bind\) or LDAP_USER_DN_TEMPLATE/,
    );
    expect(() => config({ LDAP_BIND_PASSWORD: '' })).toThrow(/LDAP_BIND_PASSWORD: required with LDAP_BIND_DN/);
    expect(() => config({ LDAP_URL: 'https://dc.corp.example' })).toThrow(/LDAP_URL: expected ldaps:\/\/host:636/);
    expect(() => config({ LDAP_CA_FILE: '/nonexistent/ca.pem' })).toThrow(/LDAP_CA_FILE: no such file/);
    expect(() => directBind({ LDAP_USER_DN_TEMPLATE: '{username}@corp.example', LDAP_USER_BASE: '' })).toThrow(
      /LDAP_USER_BASE: required when LDAP_USER_DN_TEMPLATE is not a DN/,
    );
    expect(() => config({ LDAP_USER_FILTER: '(uid=alice)' })).toThrow(/LDAP_USER_FILTER: must contain \{username\}/);
    // No LDAP_URL: the other settings are not looked at.
    expect(loadConfig({ LDAP_BIND_DN: 'cn=x' }).LDAP_URL).toEqual([]);
  });
});
