// oidc-provider ships no types (and @types/oidc-provider lags its major versions): the
// little of it the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }
  export type Configuration = Record<string, unknown> & {
    findAccount?(ctx: unknown, sub: string): Promise<Account | undefined> | Account | undefined;
  };
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Client: { prototype: object };
    on(event: string, listener: (ctx: unknown, err: Error) => void): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
