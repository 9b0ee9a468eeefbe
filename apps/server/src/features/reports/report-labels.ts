import type { TReportStatus, TReportType } from '@portal/contracts';

export type PdfLang = 'en' | 'ar';

interface Labels {
  company: string;
  document: string;
  type: string;
  author: string;
  subjects: string;
  period: string;
  status: string;
  submitted: string;
  notSubmitted: string;
  supersedes: string;
  supersededBy: string;
  page: (page: number, total: number) => string;
  types: Record<TReportType, string>;
  statuses: Record<TReportStatus, string>;
}

/**
 * The printed report's own words (the PDF is made on the server, away from the web's
 * i18n files; these match the web's `app.name` and the report words there).
 */
export const PDF_LABELS: Record<PdfLang, Labels> = {
  en: {
    company: 'Staff Portal',
    document: 'Manager report',
    type: 'Type',
    author: 'Author',
    subjects: 'About',
    period: 'Period',
    status: 'Status',
    submitted: 'Submitted',
    notSubmitted: 'Not submitted',
    supersedes: 'Replaces report',
    supersededBy: 'Replaced by report',
    page: (page, total) => `Page ${page} of ${total}`,
    types: {
      evaluation: 'Evaluation',
      incident: 'Incident',
      coaching: 'Coaching',
      monthly_summary: 'Monthly summary',
    },
    statuses: { draft: 'Draft', submitted: 'Submitted', superseded: 'Superseded' },
  },
  ar: {
    company: 'بوابة الموظفين',
    document: 'تقرير مدير',
    type: 'النوع',
    author: 'الكاتب',
    subjects: 'عن',
    period: 'الفترة',
    status: 'الحالة',
    submitted: 'تاريخ الإرسال',
    notSubmitted: 'لم يُرسل',
    supersedes: 'يحل محل التقرير',
    supersededBy: 'حل محله التقرير',
    page: (page, total) => `صفحة ${page} من ${total}`,
    types: {
      evaluation: 'تقييم',
      incident: 'حادثة',
      coaching: 'توجيه',
      monthly_summary: 'ملخص شهري',
    },
    statuses: { draft: 'مسودة', submitted: 'مُرسل', superseded: 'مُستبدل' },
  },
};
