/** What an uploaded file is, decided from its bytes (never from its name), and a safe name for it. */
import path from 'node:path';

/** The types this module recognises: magic numbers for PNG, JPEG, PDF; TXT = UTF-8 without NUL. */
export type SniffedContentType = 'image/png' | 'image/jpeg' | 'application/pdf' | 'text/plain';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PDF = Buffer.from('%PDF-', 'latin1');

/** What the bytes are, or null when they are none of the recognised types (or empty). */
export function sniffContentType(data: Uint8Array): SniffedContentType | null {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length === 0) return null;
  if (buf.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (buf.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  if (buf.subarray(0, PDF.length).equals(PDF)) return 'application/pdf';
  if (buf.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return 'text/plain';
  } catch {
    return null;
  }
}

/** Extensions a stored name may keep for each type; any other gets the first one appended. */
const EXTENSIONS: Record<SniffedContentType, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg', '.jpe'],
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
