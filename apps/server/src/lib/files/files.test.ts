import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import {
  checkUploads,
  contentDisposition,
  filenameFor,
  safeFilename,
  sniffContentType,
  type UploadRules,
} from './index.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0x43]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n');
const EXE = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]);
const ELF = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]);

describe('sniffContentType', () => {
  it('knows PNG, JPEG and PDF by their magic numbers', () => {
    expect(sniffContentType(PNG)).toBe('image/png');
    expect(sniffContentType(JPEG)).toBe('image/jpeg');
    expect(sniffContentType(PDF)).toBe('application/pdf');
  });

  it('calls valid UTF-8 without NUL bytes text, and nothing else', () => {
    expect(sniffContentType(Buffer.from('hello, مرحبا, 你好 🙂\r\n'))).toBe('text/plain');
    expect(sniffContentType(Buffer.from('\ufeffwith a BOM'))).toBe('text/plain');
    expect(sniffContentType(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBeNull(); // latin1 "café"
    expect(sniffContentType(Buffer.from('a\0b'))).toBeNull();
    expect(sniffContentType(Buffer.from([0xf0, 0x9f, 0x99]))).toBeNull(); // truncated sequence
    for (const bin of [EXE, ELF, ZIP, Buffer.alloc(0)]) expect(sniffContentType(bin)).toBeNull();
    // Almost-magic is not magic.
    expect(sniffContentType(PNG.subarray(0, 7))).toBeNull();
    expect(sniffContentType(Buffer.from('%PDF'))).toBe('text/plain');
  });
});

describe('file names', () => {
  it('drop paths, control and bidi characters, and bound the length', () => {
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(safeFilename('a\u0000b\r\n"c".txt')).toBe('abc.txt');
    expect(safeFilename('invoice\u202egnp.exe')).toBe('invoicegnp.exe');
    expect(safeFilename('...hidden')).toBe('hidden');
    expect(safeFilename('')).toBe('file');
    expect(safeFilename(undefined)).toBe('file');
    const long = safeFilename(`${'x'.repeat(500)}.png`);
    expect([...long].length).toBe(150);
    expect(long.endsWith('.png')).toBe(true);
  });

  it('get the extension of what the bytes are', () => {
    expect(filenameFor('scan.PNG', 'image/png')).toBe('scan.PNG');
    expect(filenameFor('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(filenameFor('setup.exe', 'image/png')).toBe('setup.exe.png');
    expect(filenameFor('page.html', 'text/plain')).toBe('page.html.txt');
    expect(filenameFor('data.csv', 'text/plain')).toBe('data.csv');
    expect(filenameFor('README', 'text/plain')).toBe('README.txt');
  });

  it('go into content-disposition as an ASCII fallback plus the exact UTF-8 name', () => {
    expect(contentDisposition('a b.pdf')).toBe(`attachment; filename="a b.pdf"; filename*=UTF-8''a%20b.pdf`);
    expect(contentDisposition('تقرير "1".txt')).toBe(
      `attachment; filename="_____ _1_.txt"; filename*=UTF-8''%D8%AA%D9%82%D8%B1%D9%8A%D8%B1%20%221%22.txt`,
    );
  });
});

describe('checkUploads', () => {
  const rules: UploadRules = {
    maxFiles: 2,
    maxBytes: 64,
    allowed: ['image/png', 'text/plain'],
    field: 'attachments',
  };
  const fail = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      expect(err).toBeInstanceOf(ApiError);
      return err as ApiError;
    }
    throw new Error('expected a failure');
  };

  it('accepts allowed types and names them by content', () => {
    const out = checkUploads([{ filename: 'x.txt', data: PNG }], rules);
    expect(out).toEqual([{ filename: 'x.txt.png', data: PNG, contentType: 'image/png' }]);
  });

  it('refuses too many, too large, disallowed and disguised files on the field, naming each', () => {
    const many = fail(() =>
      checkUploads(
        [PNG, PNG, PNG].map((data) => ({ filename: 'a.png', data })),
        rules,
      ),
    );
    expect([many.statusCode, many.fields]).toEqual([400, { attachments: ['At most 2 files per message.'] }]);
    const big = fail(() => checkUploads([{ filename: 'big.txt', data: Buffer.alloc(65, 0x61) }], rules));
    expect(big.statusCode).toBe(413);
    const bad = fail(() =>
      checkUploads(
        [
          { filename: 'cat.png', data: EXE },
          { filename: 'doc.pdf', data: PDF }, // a real PDF, but not allowed by these rules
        ],
        rules,
      ),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.fields!.attachments).toHaveLength(2);
    expect(bad.fields!.attachments![0]).toMatch(/^cat\.png is not an allowed file type/);
    expect(bad.fields!.attachments![1]).toMatch(/^doc\.pdf/);
  });
});
