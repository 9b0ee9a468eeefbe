import fs from 'node:fs';
import path from 'node:path';
import type { TAgentEvent } from '@portal/contracts';

/** An event before the queue numbers it. */
export type NewEvent = TAgentEvent extends infer E ? (E extends TAgentEvent ? Omit<E, 'seq'> : never) : never;

export interface QueueOptions {
  maxEvents?: number;
  maxBytes?: number;
}

interface Entry {
  event: TAgentEvent;
  bytes: number;
}

interface Meta {
  /** The last seq handed out. */
  seq: number;
  /** Events dropped, oldest first, because the queue was full. */
  dropped: number;
}

/**
 * The bounded on-disk queue of events not yet acknowledged: `events.jsonl`, one event a
 * line, appended and fsynced before the call returns, and `meta.json` (the seq counter
 * and the drop counter), replaced atomically. A line torn by a crash is ignored on load
 * and cut off, so nothing is glued to it. Events leave only when the server acknowledges
 * them (`ack`); when full, the oldest are dropped and counted.
 */
export class DiskQueue {
  private readonly file: string;
  private readonly metaFile: string;
  private readonly maxEvents: number;
  private readonly maxBytes: number;
  private entries: Entry[] = [];
  private bytes = 0;
  /** Bytes at the head of the file that are acknowledged or dropped but not yet rewritten away. */
  private deadBytes = 0;
  private meta: Meta;
  private fd: number;

  constructor(dir: string, opts: QueueOptions = {}) {
    this.maxEvents = opts.maxEvents ?? 50_000;
    this.maxBytes = opts.maxBytes ?? 20 * 1024 * 1024;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    this.file = path.join(dir, 'events.jsonl');
    this.metaFile = path.join(dir, 'meta.json');
    this.meta = this.readMeta();
    this.load();
    this.fd = fs.openSync(this.file, 'a', 0o600);
  }

  private readMeta(): Meta {
    try {
      const m = JSON.parse(fs.readFileSync(this.metaFile, 'utf8')) as Partial<Meta>;
      return { seq: Number(m.seq) || 0, dropped: Number(m.dropped) || 0 };
    } catch {
      return { seq: 0, dropped: 0 };
    }
  }

  private load() {
    let text = '';
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const complete = text.lastIndexOf('\n') + 1;
    if (complete < Buffer.byteLength(text)) {
      // A crash mid-append left a partial last line: cut it so the next append starts clean.
      fs.truncateSync(this.file, Buffer.byteLength(text.slice(0, complete)));
    }
    for (const line of text.slice(0, complete).split('\n')) {
      if (!line) continue;
      let event: TAgentEvent;
      try {
        event = JSON.parse(line) as TAgentEvent;
      } catch {
        continue;
      }
      if (typeof event?.seq !== 'number') continue;
      const bytes = Buffer.byteLength(line) + 1;
      // Lines at or below the last one seen are leftovers of an interrupted rewrite.
      if (this.entries.length && event.seq <= this.entries.at(-1)!.event.seq) {
        this.deadBytes += bytes;
        continue;
      }
      this.entries.push({ event, bytes });
      this.bytes += bytes;
      this.meta.seq = Math.max(this.meta.seq, event.seq);
    }
  }

  /** Numbers the event, writes it through to disk, and returns it. */
  append(e: NewEvent): TAgentEvent {
    const event = { ...e, seq: this.meta.seq + 1 } as TAgentEvent;
    const line = JSON.stringify(event) + '\n';
    fs.writeSync(this.fd, line);
    fs.fsyncSync(this.fd);
    this.meta.seq = event.seq;
    const bytes = Buffer.byteLength(line);
    this.entries.push({ event, bytes });
    this.bytes += bytes;
    if (this.entries.length > this.maxEvents || this.bytes > this.maxBytes) this.shed();
    return event;
  }

  /** Full: drop the oldest tenth at once (one rewrite, not one per append). */
  private shed() {
    const keepEvents = Math.floor(this.maxEvents * 0.9);
    const keepBytes = Math.floor(this.maxBytes * 0.9);
    let n = 0;
    while (this.entries.length - n > keepEvents || this.bytes > keepBytes) {
      this.bytes -= this.entries[n]!.bytes;
      this.deadBytes += this.entries[n]!.bytes;
      n++;
    }
    this.entries.splice(0, n);
    this.meta.dropped += n;
    this.rewrite();
  }

  /** The server holds everything up to `lastSeq`: forget it. */
  ack(lastSeq: number) {
    let n = 0;
    while (n < this.entries.length && this.entries[n]!.event.seq <= lastSeq) {
      this.bytes -= this.entries[n]!.bytes;
      this.deadBytes += this.entries[n]!.bytes;
      n++;
    }
    if (!n) return;
    this.entries.splice(0, n);
    // Rewrite when the dead head outweighs the live tail, so a long backlog costs O(n) overall.
    if (!this.entries.length || this.deadBytes > this.bytes) this.rewrite();
  }

  /** Replaces the file by the live entries: meta first (it keeps the seq counter), then the log. */
  private rewrite() {
    this.writeMeta();
    const tmp = this.file + '.tmp';
    const fd = fs.openSync(tmp, 'w', 0o600);
    let chunk = '';
    for (const e of this.entries) {
      chunk += JSON.stringify(e.event) + '\n';
      if (chunk.length > 1 << 20) {
        fs.writeSync(fd, chunk);
        chunk = '';
      }
    }
    if (chunk) fs.writeSync(fd, chunk);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.closeSync(this.fd);
    fs.renameSync(tmp, this.file);
    this.fd = fs.openSync(this.file, 'a', 0o600);
    this.deadBytes = 0;
  }

  private writeMeta() {
    const tmp = this.metaFile + '.tmp';
    const fd = fs.openSync(tmp, 'w', 0o600);
    fs.writeSync(fd, JSON.stringify(this.meta));
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, this.metaFile);
  }

  /**
   * The server already holds seqs up to `serverSeq` though this queue never handed them out
   * (its directory was wiped, the credential kept): renumber what waits above it, so
   * nothing new is taken for a duplicate.
   */
  rebase(serverSeq: number) {
    if (serverSeq <= this.meta.seq) return;
    let next = serverSeq;
    for (const e of this.entries) e.event = { ...e.event, seq: ++next };
    this.meta.seq = next;
    this.rewrite();
  }

  /** Events waiting for an ack, oldest first (at most `limit`). */
  peek(limit = Infinity): TAgentEvent[] {
    return this.entries.slice(0, limit).map((e) => e.event);
  }

  get size() {
    return this.entries.length;
  }
  get lastSeq() {
    return this.meta.seq;
  }
  get dropped() {
    return this.meta.dropped;
  }

  close() {
    fs.closeSync(this.fd);
  }
}
