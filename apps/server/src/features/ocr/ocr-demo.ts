import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { TOcrLanguage, TStaffDepartment } from '@portal/contracts';
import type { AppContext } from '../../lib/context.js';
import { storeFile } from '../../lib/files/index.js';
import { withTx } from '../../lib/tx.js';
import { usersByUsername } from '../users/index.js';
import { queueJob } from './ocr-pipeline.js';
import * as repo from './ocr.repository.js';

/**
 * Demo data for OCR: a few scanned-looking documents (an English invoice, an Arabic sick
 * note, a bilingual interpreting booking) drawn here, uploaded for the demo staff and put
 * through the real queue, so a fresh `npm start` shows finished, searchable results after
 * its first seconds.
 */
const FONT = 'IBM Plex Sans Arabic';
let fontReady = false;

function registerFont(): void {
  if (fontReady) return;
  const require = createRequire(import.meta.url);
  for (const weight of ['400Regular', '700Bold'] as const)
    GlobalFonts.registerFromPath(
      require.resolve(`@expo-google-fonts/ibm-plex-sans-arabic/${weight}/IBMPlexSansArabic_${weight}.ttf`),
      FONT,
    );
  fontReady = true;
}

interface DemoDocument {
  owner: string;
  filename: string;
  language: TOcrLanguage;
  shared_with: TStaffDepartment | null;
  rtl: boolean;
  title: string;
  lines: string[];
}

const DOCUMENTS: DemoDocument[] = [
  {
    owner: 'hr',
    filename: 'sick-note-interpreter07.png',
    language: 'ara',
    shared_with: 'HR',
    rtl: true,
    title: 'تقرير طبي',
    lines: [
      'يشهد المركز الطبي بأن المترجمة مريم حسن',
      'راجعت العيادة يوم الأحد وتحتاج إلى راحة',
      'لمدة ثلاثة أيام من تاريخ هذا التقرير',
      'الطبيب المعالج: د. سامي عبد الله',
    ],
  },
  {
    owner: 'manager.ops',
    filename: 'invoice-telecom-november.png',
    language: 'eng',
    shared_with: null,
    rtl: false,
    title: 'INVOICE 2026-1187',
    lines: [
      'Bill to: Interpreting Operations Department',
      'SIP trunk capacity, 60 channels: 4,200.00',
      'Call recording storage, 2 TB: 650.00',
      'Total due by 15 December 2026: 4,850.00',
    ],
  },
  {
    owner: 'quality',
    filename: 'booking-confirmation.png',
    language: 'ara+eng',
    shared_with: 'QUALITY',
    rtl: false,
    title: 'Booking confirmation',
    lines: [
      'Client: Riyadh Medical City',
      'Language pair: Arabic to English',
      'Session: consecutive interpreting, 90 minutes',
      'ملاحظات: يرجى الحضور قبل الموعد بعشر دقائق',
    ],
  },
];

export interface TextPageOptions {
  title?: string;
  /** Right-to-left paragraph direction (a line that starts with Arabic is set right-to-left anyway). */
  rtl?: boolean;
  /** A slight tilt, as a scanner gives. */
  skewDegrees?: number;
  width?: number;
  fontSize?: number;
  format?: 'png' | 'jpeg' | 'webp';
}

/** A page of known text on off-white paper, as a scan would show it (demo documents, tests, bench). */
export function renderTextPage(lines: readonly string[], o: TextPageOptions = {}): Buffer {
  registerFont();
  const size = o.fontSize ?? 44;
  const w = o.width ?? 1654;
  const top = o.title ? 320 : 140;
  const h = Math.max(400, top + lines.length * size * 2.5 + 80);
  const canvas = createCanvas(w, h);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fbfaf7';
  g.fillRect(0, 0, w, h);
  g.translate(w / 2, h / 2);
  g.rotate(((o.skewDegrees ?? 0) * Math.PI) / 180);
  g.translate(-w / 2, -h / 2);
  g.fillStyle = '#111';
  const line = (text: string, y: number, rtl: boolean) => {
    g.direction = rtl ? 'rtl' : 'ltr';
    g.textAlign = rtl ? 'right' : 'left';
    g.fillText(text, rtl ? w - 120 : 120, y);
  };
  if (o.title) {
    g.font = `bold ${Math.round(size * 1.3)}px "${FONT}"`;
    line(o.title, 170, !!o.rtl);
  }
  g.font = `${size}px "${FONT}"`;
  lines.forEach((text, i) => line(text, top + i * size * 2.5, !!o.rtl || /^[\u0600-\u06ff]/.test(text)));
  if (o.format === 'jpeg') return canvas.toBuffer('image/jpeg', 92);
  if (o.format === 'webp') return canvas.toBuffer('image/webp', 95);
  return canvas.toBuffer('image/png');
}

/** Uploads the demo documents and queues them (run once, right after the demo accounts are seeded). */
export async function seedOcrDemo(ctx: AppContext): Promise<void> {
  const users = new Map(
    (
      await usersByUsername(
        ctx.db,
        DOCUMENTS.map((d) => d.owner),
      )
    ).map((u) => [u.username, u.id]),
  );
  const ids: number[] = [];
  for (const doc of DOCUMENTS) {
    const owner = users.get(doc.owner);
    if (owner === undefined) continue;
    const data = renderTextPage(doc.lines, { title: doc.title, rtl: doc.rtl, skewDegrees: 0.6 });
    ids.push(
      await withTx(ctx, async (tx) => {
        const file = await storeFile(tx.db, { filename: doc.filename, data, contentType: 'image/png' }, owner);
        return repo.insertJob(tx.db, {
          owner_id: owner,
          file_id: file.id,
          filename: doc.filename,
          content_type: 'image/png',
          size: data.length,
          language: doc.language,
          shared_with: doc.shared_with,
          retentionDays: ctx.config.OCR_RETENTION_DAYS,
        });
      }),
    );
  }
  for (const id of ids) await queueJob(ctx, id);
}
