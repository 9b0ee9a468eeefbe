/** What an uploaded file is, decided from its bytes (never from its name), and a safe name for it. */
import path from 'node:path';

/** The types this module recognises: magic numbers for PNG, JPEG, TIFF, WebP, PDF; TXT = UTF-8 without NUL. */
export type SniffedContentType =
  'image/png' | 'image/jpeg' | 'image/tiff' | 'image/webp' | 'application/pdf' | 'text/plain';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PDF = Buffer.from('%PDF-', 'latin1');
/** Little- and big-endian TIFF ("II*\0", "MM\0*"). */
const TIFF_LE = Buffer.from([0x49, 0x49, 0x2a, 0x00]);
const TIFF_BE = Buffer.from([0x4d, 0x4d, 0x00, 0x2a]);
/** "RIFF", four bytes of size, "WEBP". */
const RIFF = Buffer.from('RIFF', 'latin1');
const WEBP = Buffer.from('WEBP', 'latin1');

/** The longest magic number (WebP's 12): a file's type is decided once this many bytes (or all) have arrived (8 unless it starts "RIFF"). */
const MAGIC_BYTES = 12;

/**
 * Decides a file's type from its bytes as they stream in, holding only the first
 * MAGIC_BYTES: PNG/JPEG/PDF by magic number, otherwise text, checked chunk by chunk
 * (no NUL, valid UTF-8 across chunk boundaries). `end()` gives what sniffContentType
 * would give for the whole content.
 */
export class ContentSniffer {
  private head: Buffer[] = [];
  private headLength = 0;
  /** undefined while undecided; 'text' while every byte so far is text. */
  private state: SniffedContentType | 'text' | null | undefined;
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });

  push(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.state === undefined) {
      this.head.push(buf);
      this.headLength += buf.length;
      if (this.headLength >= MAGIC_BYTES || (this.headLength >= PNG.length && !this.mayBeRiff())) this.decideHead();
    } else if (this.state === 'text') {
      this.checkText(buf);
    }
  }

  /** True once the bytes can no longer turn out to be one of `allowed` (the rest need not be read). */
  ruledOut(allowed: readonly SniffedContentType[]): boolean {
    if (this.state === undefined) return false;
    if (this.state === null) return true;
    return !allowed.includes(this.state === 'text' ? 'text/plain' : this.state);
  }

  /** The type of everything pushed, or null (none of the recognised types, or empty). */
  end(): SniffedContentType | null {
    if (this.state === undefined) {
      if (this.headLength === 0) return (this.state = null);
      this.decideHead();
    }
    if (this.state === 'text') {
      try {
        this.utf8.decode(); // a sequence cut off at the end is not UTF-8
        this.state = 'text/plain';
      } catch {
        this.state = null;
      }
    }
    return this.state ?? null;
  }

  /** Only a RIFF container needs all 12 bytes; anything else is decided at 8, as before WebP. */
  private mayBeRiff(): boolean {
    return Buffer.concat(this.head).subarray(0, RIFF.length).equals(RIFF);
  }

  private decideHead(): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (head.subarray(0, PNG.length).equals(PNG)) this.state = 'image/png';
    else if (head.subarray(0, JPEG.length).equals(JPEG)) this.state = 'image/jpeg';
    else if (head.subarray(0, PDF.length).equals(PDF)) this.state = 'application/pdf';
    else if (head.subarray(0, 4).equals(TIFF_LE) || head.subarray(0, 4).equals(TIFF_BE)) this.state = 'image/tiff';
    else if (head.subarray(0, 4).equals(RIFF) && head.subarray(8, 12).equals(WEBP)) this.state = 'image/webp';
    else {
      this.state = 'text';
      this.checkText(head);
    }
  }

  private checkText(buf: Buffer): void {
    if (buf.includes(0)) {
      this.state = null;
      return;
    }
    try {
      this.utf8.decode(buf, { stream: true });
    } catch {
      this.state = null;
    }
  }
}

/** What the bytes are, or null when they are none of the recognised types (or empty). */
export function sniffContentType(data: Uint8Array): SniffedContentType | null {
  const sniffer = new ContentSniffer();
  sniffer.push(data);
  return sniffer.end();
}

/** Extensions a stored name may keep for each type; any other gets the first one appended. */
const EXTENSIONS: Record<SniffedContentType, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg', '.jpe'],
  'image/tiff': ['.tif', '.tiff'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
  // Only names no desktop opens as something active (a text "page.html" becomes "page.html.txt").
  'text/plain': ['.txt', '.log', '.csv', '.md', '.json'],
};

const NAME_MAX = 150;

/** A display name safe for headers and disks: no path, no control characters, bounded. */
export function safeFilename(raw: string | undefined): string {
  let name = (raw ?? '').normalize('NFC');
  name = path.posix.basename(name.replace(/\\/g, '/'));
  name = name.replace(/[\u0000-\u001f\u007f-\u009f"<>:|?*\u202a-\u202e\u2066-\u2069]/g, '').trim();
  name = name.replace(/^\.+/, '');
  if ([...name].length > NAME_MAX) {
    const ext = path.extname(name).slice(0, 10);
    name = [...name.slice(0, name.length - ext.length)].slice(0, NAME_MAX - ext.length).join('') + ext;
  }
  return name || 'file';
}

/** The stored name: safe, with an extension that matches what the bytes are. */
export function filenameFor(raw: string | undefined, type: SniffedContentType): string {
  const name = safeFilename(raw);
  const ext = path.extname(name).toLowerCase();
  return EXTENSIONS[type].includes(ext) ? name : `${name}${EXTENSIONS[type][0]}`;
}
