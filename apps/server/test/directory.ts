/**
 * A real OpenLDAP directory for tests: Debian's slapd, run as the current user with a
 * throwaway slapd.conf, an mdb database and the memberof overlay (users carry `memberOf`,
 * kept up to date when a group changes), behind a certificate from a throwaway CA.
 * It listens on free loopback ports only, so a system slapd on 389 is never touched.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { AlreadyExistsError, Attribute, Change, Client, NoSuchObjectError } from 'ldapts';

export const DIRECTORY_SUFFIX = 'dc=example,dc=com';
export const DIRECTORY_PEOPLE = `ou=people,${DIRECTORY_SUFFIX}`;
export const DIRECTORY_GROUPS = `ou=groups,${DIRECTORY_SUFFIX}`;
const ADMIN_DN = `cn=admin,${DIRECTORY_SUFFIX}`;
const ADMIN_PASSWORD = 'directory-admin-secret';
/** The portal's service account: may read people and groups, never passwords. */
const READER_DN = `cn=portal-reader,${DIRECTORY_SUFFIX}`;
const READER_PASSWORD = 'portal-reader-secret';

export interface DirectoryUser {
  uid: string;
  password: string;
  givenName: string;
  sn: string;
  mail?: string;
  /** Defaults to "givenName sn". */
  cn?: string;
}

/** Where the directory is and how to use it: plain data, so another process (a journey's worker) can reach it too. */
export interface DirectoryInfo {
  /** ldaps:// on loopback (TLS from the first byte). */
  url: string;
  /** ldap:// on loopback: StartTLS is offered (and required by the portal unless LDAP_ALLOW_PLAIN=1). */
  startTlsUrl: string;
  /** The throwaway CA's certificate (PEM file), what LDAP_CA_FILE names. */
  caCertPath: string;
  /** A second CA that signed nothing the directory presents: for "certificate not trusted". */
  otherCaCertPath: string;
  /** The portal's service account (search then bind): reads people and groups, never passwords. */
  bindDn: string;
  bindPassword: string;
  userBase: string;
  groupBase: string;
  /** `uid={username},ou=people,...`: for the direct-bind mode. */
  userDnTemplate: string;
}

/** Changing the directory's people and groups (as its administrator), from any process. */
export interface DirectoryAdmin extends DirectoryInfo {
  ca: string;
  userDn(uid: string): string;
  groupDn(cn: string): string;
  /** The LDAP_* settings a portal needs to sign people in against this directory (search then bind over ldaps). */
  env(): Record<string, string>;
  addUser(user: DirectoryUser): Promise<string>;
  setPassword(uid: string, password: string): Promise<void>;
  deleteUser(uid: string): Promise<void>;
  /** A groupOfNames with these members (uids); an empty group gets a placeholder member (the schema needs one). */
  addGroup(cn: string, memberUids: string[]): Promise<string>;
  /** Adds the member, making the group first if it does not exist yet. */
  addToGroup(cn: string, uid: string): Promise<void>;
  removeFromGroup(cn: string, uid: string): Promise<void>;
  /** The user's `memberOf` values as the directory reports them now. */
  memberOf(uid: string): Promise<string[]>;
}

/** The directory this process started. */
export interface Directory extends DirectoryAdmin {
  /** What `openDirectory` needs in another process (e.g. JSON in an environment variable). */
  info(): DirectoryInfo;
  /** Ends slapd (the directory is down), keeping its files: the CA file a portal names stays readable. */
  down(): Promise<void>;
  /** Ends slapd and removes its files. */
  stop(): Promise<void>;
}

/** Start-up is well under a second when quiet; this bounds a loaded 2-core machine, it is not a timing check. */
const START_BOUND_MS = 60_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function openssl(args: string[], cwd: string): void {
  execFileSync('/usr/bin/openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A CA, and a server certificate it signs for localhost / 127.0.0.1. */
function makeCertificates(dir: string): void {
  for (const ca of ['ca', 'other-ca']) {
    openssl(
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=Portal test ${ca}`].concat([
        '-keyout',
        `${ca}.key`,
        '-out',
        `${ca}.crt`,
      ]),
      dir,
    );
  }
  openssl(
    ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', 'server.key', '-out', 'server.csr'],
    dir,
  );
  fs.writeFileSync(
    path.join(dir, 'server.ext'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
  );
  openssl(
    ['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2'].concat([
      '-extfile',
      'server.ext',
      '-out',
      'server.crt',
    ]),
    dir,
  );
}

function slapdConf(dir: string): string {
  return `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
modulepath /usr/lib/ldap
moduleload back_mdb
moduleload memberof
pidfile ${dir}/slapd.pid
TLSCACertificateFile ${dir}/ca.crt
TLSCertificateFile ${dir}/server.crt
TLSCertificateKeyFile ${dir}/server.key

database mdb
suffix "${DIRECTORY_SUFFIX}"
rootdn "${ADMIN_DN}"
rootpw ${ADMIN_PASSWORD}
directory ${dir}/db
maxsize 33554432
index objectClass eq
index uid eq
access to attrs=userPassword by self write by anonymous auth by * none
access to * by dn.exact="${READER_DN}" read by users read by * none
overlay memberof
memberof-group-oc groupOfNames
memberof-member-ad member
memberof-memberof-ad memberOf
memberof-refint true
`;
}

function seedLdif(): string {
  return `dn: ${DIRECTORY_SUFFIX}
objectClass: dcObject
objectClass: organization
dc: example
o: Example

dn: ${DIRECTORY_PEOPLE}
objectClass: organizationalUnit
ou: people

dn: ${DIRECTORY_GROUPS}
objectClass: organizationalUnit
ou: groups

dn: ${READER_DN}
objectClass: organizationalRole
objectClass: simpleSecurityObject
cn: portal-reader
userPassword: ${READER_PASSWORD}
`;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Waits until both listeners accept connections (a condition, bounded), or slapd exits. */
async function untilListening(child: ChildProcess, ports: number[], output: () => string): Promise<void> {
  const deadline = Date.now() + START_BOUND_MS;
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`slapd exited before it listened:\n${output()}`);
    if ((await Promise.all(ports.map(canConnect))).every(Boolean)) return;
    if (Date.now() > deadline) throw new Error(`slapd not listening:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startDirectory(): Promise<Directory> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  makeCertificates(dir);
  fs.writeFileSync(path.join(dir, 'slapd.conf'), slapdConf(dir));
  fs.writeFileSync(path.join(dir, 'seed.ldif'), seedLdif());
  execFileSync('/usr/sbin/slapadd', ['-f', path.join(dir, 'slapd.conf'), '-l', path.join(dir, 'seed.ldif')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });

  const [plainPort, tlsPort] = [await freePort(), await freePort()];
  const url = `ldaps://127.0.0.1:${tlsPort}`;
  const startTlsUrl = `ldap://127.0.0.1:${plainPort}`;
  // -d keeps slapd in the foreground (a child we can kill); "none" keeps it quiet but for errors.
  const child = spawn(
    '/usr/sbin/slapd',
    ['-f', path.join(dir, 'slapd.conf'), '-h', `${startTlsUrl} ${url}`, '-d', 'none'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await untilListening(child, [plainPort, tlsPort], () => out);
  } catch (err) {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  async function down() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  }
  const info: DirectoryInfo = {
    url,
    startTlsUrl,
    caCertPath: path.join(dir, 'ca.crt'),
    otherCaCertPath: path.join(dir, 'other-ca.crt'),
    bindDn: READER_DN,
    bindPassword: READER_PASSWORD,
    userBase: DIRECTORY_PEOPLE,
    groupBase: DIRECTORY_GROUPS,
    userDnTemplate: `uid={username},${DIRECTORY_PEOPLE}`,
  };
  return {
    ...openDirectory(info),
    info: () => info,
    down,
    stop: async () => {
      await down();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The administrator's handle on a running directory (started here or in another process). */
export function openDirectory(info: DirectoryInfo): DirectoryAdmin {
  const ca = fs.readFileSync(info.caCertPath, 'utf8');
  const userDn = (uid: string) => `uid=${uid},${info.userBase}`;
  const groupDn = (cn: string) => `cn=${cn},${info.groupBase}`;
  /** groupOfNames needs at least one member: a group emptied of people keeps this one. */
  const placeholder = info.bindDn;

  async function asAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ url: info.url, tlsOptions: { ca, servername: 'localhost' } });
    try {
      await client.bind(ADMIN_DN, ADMIN_PASSWORD);
      return await fn(client);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  return {
    ...info,
    ca,
    userDn,
    groupDn,
    env: () => ({
      LDAP_URL: info.url,
      LDAP_CA_FILE: info.caCertPath,
      LDAP_BIND_DN: info.bindDn,
      LDAP_BIND_PASSWORD: info.bindPassword,
      LDAP_USER_BASE: info.userBase,
    }),
    addUser: (u) =>
      asAdmin(async (c) => {
        const dn = userDn(u.uid);
        await c.add(dn, {
          objectClass: ['inetOrgPerson'],
          uid: u.uid,
          cn: u.cn ?? `${u.givenName} ${u.sn}`,
          givenName: u.givenName,
          sn: u.sn,
          userPassword: u.password,
          ...(u.mail ? { mail: u.mail } : {}),
        });
        return dn;
      }),
    setPassword: (uid, password) =>
      asAdmin((c) =>
        c.modify(
          userDn(uid),
          new Change({
            operation: 'replace',
            modification: new Attribute({ type: 'userPassword', values: [password] }),
          }),
        ),
      ),
    deleteUser: (uid) => asAdmin((c) => c.del(userDn(uid))),
    addGroup: (cn, memberUids) =>
      asAdmin(async (c) => {
        const dn = groupDn(cn);
        await c.add(dn, {
          objectClass: ['groupOfNames'],
          cn,
          member: memberUids.length ? memberUids.map(userDn) : [placeholder],
        });
        return dn;
      }),
    addToGroup: (cn, uid) =>
      asAdmin(async (c) => {
        const join = () =>
          c.modify(
            groupDn(cn),
            new Change({ operation: 'add', modification: new Attribute({ type: 'member', values: [userDn(uid)] }) }),
          );
        try {
          await join();
        } catch (err) {
          if (!(err instanceof NoSuchObjectError)) throw err;
          // No such group yet: made with this member (or joined, if another worker just made it).
          try {
            await c.add(groupDn(cn), { objectClass: ['groupOfNames'], cn, member: [userDn(uid)] });
          } catch (again) {
            if (!(again instanceof AlreadyExistsError)) throw again;
            await join();
          }
        }
      }),
    removeFromGroup: (cn, uid) =>
      asAdmin(async (c) => {
        const { searchEntries } = await c.search(groupDn(cn), { scope: 'base', attributes: ['member'] });
        const members = ([] as string[]).concat((searchEntries[0]?.member as string[] | string | undefined) ?? []);
        const rest = members.filter((m) => m.toLowerCase() !== userDn(uid).toLowerCase());
        await c.modify(
          groupDn(cn),
          new Change({
            operation: 'replace',
            modification: new Attribute({ type: 'member', values: rest.length ? rest : [placeholder] }),
          }),
        );
      }),
    memberOf: (uid) =>
      asAdmin(async (c) => {
        const { searchEntries } = await c.search(userDn(uid), { scope: 'base', attributes: ['memberOf'] });
        return ([] as string[]).concat((searchEntries[0]?.memberOf as string[] | string | undefined) ?? []);
      }),
  };
}
