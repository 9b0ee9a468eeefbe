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
  attachments: string;
  noAttachments: string;
  /** The PDF's file name's first part: what kind of report it is. */
  fileTitle: (type: TReportType) => string;
  /** "Hala Rashed and 2 others". */
  andOthers: (first: string, more: number) => string;
  types: Record<TReportType, string>;
  statuses: Record<TReportStatus, string>;
}

const PDF_TYPES_EN: Record<TReportType, string> = {
  evaluation: 'Evaluation',
  incident: 'Incident',
  coaching: 'Coaching',
  monthly_summary: 'Monthly summary',
};
const PDF_TYPES_AR: Record<TReportType, string> = {
  evaluation: 'تقييم',
  incident: 'حادثة',
  coaching: 'توجيه',
  monthly_summary: 'ملخص شهري',
};

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
    attachments: 'Attachments',
    noAttachments: 'None',
    fileTitle: (type) => `${PDF_TYPES_EN[type]} report`,
    andOthers: (first, more) => `${first} and ${more} ${more === 1 ? 'other' : 'others'}`,
    types: PDF_TYPES_EN,
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
    attachments: 'المرفقات',
    noAttachments: 'لا يوجد',
    fileTitle: (type) => `تقرير ${PDF_TYPES_AR[type]}`,
    andOthers: (first, more) => `${first} و${more === 1 ? 'شخص آخر' : more === 2 ? 'شخصان آخران' : `${more} آخرون`}`,
    types: PDF_TYPES_AR,
    statuses: { draft: 'مسودة', submitted: 'مُرسل', superseded: 'مُستبدل' },
  },
};
