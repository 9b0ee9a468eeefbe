// The few parts of the pure-JS `x11` package (no bundled types) the Linux probe uses.
declare module 'x11' {
  import type { EventEmitter } from 'node:events';

  type Cb<T> = (err: Error | null | undefined, value: T) => void;

  export interface XProperty {
    type: number;
    format: number;
    bytesAfter: number;
    data: Buffer;
  }

  export interface XScreenSaverInfo {
    /** 0 off, 1 on, 2 cycle, 3 disabled. */
    state: number;
    /** Milliseconds since the last input. */
    idle: number;
  }

  export interface XScreenSaverExt {
    QueryInfo(drawable: number, cb: Cb<XScreenSaverInfo>): void;
  }

  export interface XResClientId {
    client: number;
    mask: number;
    value: number[];
  }

  export interface XResExt {
    ClientIdMask: { ClientXID: number; LocalClientPID: number };
    QueryClientIds(specs: { client: number; mask: number }[], cb: Cb<XResClientId[]>): void;
  }

  export interface XClient extends EventEmitter {
    InternAtom(onlyIfExists: boolean, name: string, cb: Cb<number>): void;
    GetProperty(
      del: number,
      wid: number,
      name: number,
      type: number,
      offset: number,
      length: number,
      cb: Cb<XProperty>,
    ): void;
    require(ext: 'screen-saver', cb: Cb<XScreenSaverExt>): void;
    require(ext: 'res', cb: Cb<XResExt>): void;
    terminate(): void;
  }

  export interface XDisplay {
    client: XClient;
    screen: { root: number }[];
  }

  export function createClient(options: { display?: string }, cb: Cb<XDisplay>): XClient;
}
