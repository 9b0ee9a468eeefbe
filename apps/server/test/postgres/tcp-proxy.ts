import net from 'node:net';

/**
 * A TCP proxy in front of the test PostgreSQL, so a test can take the database away from
 * a server without stopping the real cluster (which other suites and CI share):
 *  - `refuse()`: every connection through it is cut and new ones are refused, as when
 *    PostgreSQL is stopped (ECONNREFUSED);
 *  - `reset()`: connections are cut and new ones accepted then dropped at once, as when
 *    something between them keeps failing ("Connection terminated unexpectedly");
 *  - `restore()`: connections go through again.
 */
export interface TcpProxy {
  /** `databaseUrl` with its host and port pointed at the proxy. */
  url(databaseUrl: string): string;
  refuse(): Promise<void>;
  reset(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const host = target.hostname || '127.0.0.1';
  const targetPort = Number(target.port || 5432);
  const open = new Set<net.Socket>();
  let dropping = false;

  const onConnection = (client: net.Socket) => {
    if (dropping) return void client.destroy();
    const upstream = net.connect(targetPort, host);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    for (const s of [client, upstream]) {
      s.on('error', drop);
      s.on('close', drop);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  };

  let server = net.createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  const cutAll = () => {
    for (const s of open) s.destroy();
    open.clear();
  };

  return {
    url(databaseUrl) {
      const u = new URL(databaseUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async refuse() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      cutAll();
      await closed;
    },
    reset() {
      dropping = true;
      cutAll();
    },
    async restore() {
      dropping = false;
      if (!server.listening) {
        server = net.createServer(onConnection);
        await listen(port);
      }
    },
    async close() {
      cutAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
