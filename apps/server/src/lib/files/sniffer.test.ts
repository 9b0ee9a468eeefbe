import { describe, expect, it } from 'vitest';
import { ContentSniffer, sniffContentType, type SniffedContentType } from './index.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0x43]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n');
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
const TEXT = Buffer.from('hello, مرحبا, 你好 🙂\r\n'.repeat(3));
const TIFF = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00]);
const TIFF_BE = Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WAVEfmt ')]);

const samples: Buffer[] = [
  TIFF,
  TIFF_BE,
  WEBP,
  WAV,
  WEBP.subarray(0, 10),
  PNG,
  JPEG,
  PDF,
  EXE,
  TEXT,
  Buffer.from('\ufeffwith a BOM'),
  Buffer.from([0x63, 0x61, 0x66, 0xe9]), // latin1 "café"
  Buffer.from('a\0b'),
  Buffer.from([0xf0, 0x9f, 0x99]), // truncated sequence
  Buffer.concat([TEXT, Buffer.from([0xf0, 0x9f])]), // text cut at the very end
  Buffer.concat([TEXT, Buffer.from([0xff]), TEXT]), // an invalid byte in the middle
  Buffer.concat([TEXT, Buffer.from([0]), TEXT]),
  PNG.subarray(0, 7),
  Buffer.from('%PDF'),
  Buffer.from('ab'),
  Buffer.alloc(0),
];

/** Pushes `data` in chunks of `size` bytes and returns the verdict. */
function streamed(data: Buffer, size: number): SniffedContentType | null {
  const sniffer = new ContentSniffer();
  for (let i = 0; i < data.length; i += size) sniffer.push(data.subarray(i, i + size));
  return sniffer.end();
}

describe('ContentSniffer', () => {
  it('decides what sniffContentType decides, however the bytes are cut (UTF-8 sequences split across chunks)', () => {
    for (const data of samples) {
      const whole = sniffContentType(data);
      for (const size of [1, 2, 3, 5, 7, 8, 64])
        expect(streamed(data, size), `${data.toString('hex')} / ${size}`).toBe(whole);
    }
  });

  it('knows TIFF (both byte orders) and WebP, and no other RIFF file', () => {
    expect(sniffContentType(TIFF)).toBe('image/tiff');
    expect(sniffContentType(TIFF_BE)).toBe('image/tiff');
    expect(sniffContentType(WEBP)).toBe('image/webp');
    expect(sniffContentType(WAV)).toBe(null);
  });

  it('rules a file out as soon as its bytes cannot be an allowed type', () => {
    const all: SniffedContentType[] = ['image/png', 'image/jpeg', 'application/pdf', 'text/plain'];
    const exe = new ContentSniffer();
    exe.push(EXE.subarray(0, 4));
    expect(exe.ruledOut(all)).toBe(false); // too few bytes to know yet
    exe.push(EXE.subarray(4, 8));
    expect(exe.ruledOut(all)).toBe(true); // "MZ\x90\0": not a magic number, and a NUL is not text

    const pdf = new ContentSniffer();
    pdf.push(PDF);
    expect(pdf.ruledOut(all)).toBe(false);
    expect(pdf.ruledOut(['image/png', 'text/plain'])).toBe(true);

    const text = new ContentSniffer();
    text.push(TEXT);
    expect(text.ruledOut(all)).toBe(false);
    text.push(Buffer.from([0xc3])); // may still be completed by the next chunk
    expect(text.ruledOut(all)).toBe(false);
    text.push(Buffer.from([0x28])); // …and is not
    expect(text.ruledOut(all)).toBe(true);
    expect(text.end()).toBeNull();
  });
});
