import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TReport } from '@portal/contracts';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Bidi } from '../../../components/bidi';
import { LogoMark } from '../../../components/logo';
import { NotFoundPage } from '../../../components/not-found-page';
import { errorText } from '../../../lib/api/api-error';
import { formatDate, formatDateTime } from '../../../lib/format';
import { AttachmentList, formatBytes } from '../../../components/attachments';
import { useReportQuery } from '../api/reports-api';
import { usePdfDownload } from '../components/report-actions';
import { REPORT_BODY_SX } from '../components/report-body-style';
import { REPORT_PATHS, subjectName, subjectsLine } from '../report-format';

/**
 * Paper: A4 with margins, the page number in the bottom margin (CSS paged media; Chromium
 * draws @page margin boxes), only the sheet printed, always black on white.
 */
const PRINT_STYLES = (
  <GlobalStyles
    styles={{
      '@page': {
        size: 'A4',
        margin: '18mm 16mm 20mm',
        '@bottom-center': { content: 'counter(page) " / " counter(pages)', fontSize: '9pt', color: '#444' },
      },
      '@media print': {
        'html, body': { background: '#fff !important', color: '#000 !important' },
        '.report-no-print': { display: 'none !important' },
        '.report-sheet': {
          boxShadow: 'none !important',
          border: '0 !important',
          padding: '0 !important',
          margin: '0 !important',
          maxWidth: 'none !important',
        },
      },
    }}
  />
);

function MetaRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="tr">
      <Box
        component="th"
        scope="row"
        sx={{
          textAlign: 'start',
          fontWeight: 600,
          paddingInlineEnd: '24px',
          py: 0.5,
          verticalAlign: 'top',
          whiteSpace: 'nowrap',
        }}
      >
        {label}
      </Box>
      <Box component="td" sx={{ py: 0.5 }}>
        {children}
      </Box>
    </Box>
  );
}

/** The body's blocks whose direction is their own text's (dir="auto"): the list items above all. */
const OWN_DIRECTION = 'p, li, h2, h3, blockquote, pre, td, th';

/**
 * Gives each block of the rendered body dir="auto": CSS alone (unicode-bidi: plaintext) turns
 * the text but leaves a list item's bullet and indent on the page's side, so an English item
 * in an Arabic report had its bullet at the right edge and its text at the far left.
 */
function ownDirections(body: HTMLElement | null) {
  body?.querySelectorAll(OWN_DIRECTION).forEach((el) => el.setAttribute('dir', 'auto'));
}

function Sheet({ report }: { report: TReport }) {
  const { t } = useTranslation();
  const bodyRef = useRef<HTMLDivElement>(null);
  // Again whenever the body is rendered anew.
  useLayoutEffect(() => ownDirections(bodyRef.current), [report.body]);
  return (
    <Box
      component="article"
      className="report-sheet"
      aria-labelledby="report-title"
      // The theme's light colours inside the white sheet (its download chips, links), whatever
      // the page's scheme: MUI's colour variables are scoped by this attribute.
      data-color-scheme="light"
      sx={{
        // Paper in either colour scheme: black on white, as it prints.
        bgcolor: '#fff',
        color: '#111',
        maxWidth: '210mm',
        mx: 'auto',
        p: { xs: 2.5, sm: 6 },
        boxShadow: 3,
        borderRadius: { xs: 0, sm: 1 },
        '& a': { color: '#0b4f9c' },
      }}
    >
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pb: 2, mb: 3, borderBottom: '2px solid #1d5fb0' }}
      >
        <LogoMark variant="dark" size={44} />
        <Typography sx={{ fontWeight: 700, fontSize: '1.15rem', color: '#17212f' }}>{t('app.name')}</Typography>
      </Box>
      <Typography
        id="report-title"
        variant="h1"
        dir="auto"
        sx={{ fontSize: '1.7rem', fontWeight: 700, mb: 2, color: '#111' }}
      >
        {report.title}
      </Typography>
      <Box component="table" sx={{ borderCollapse: 'collapse', mb: 3, fontSize: '0.95rem' }}>
        <tbody>
          <MetaRow label={t('reports.fields.type')}>{t(`reports.types.${report.type}`)}</MetaRow>
          <MetaRow label={t('reports.fields.author')}>
            <Bidi>{subjectName(report.author)}</Bidi>
          </MetaRow>
          <MetaRow label={t('reports.fields.subjects')}>
            <Bidi>{subjectsLine(report)}</Bidi>
          </MetaRow>
          <MetaRow label={t('reports.fields.period')}>
            {t('reports.periodRange', { from: formatDate(report.period_from), to: formatDate(report.period_to) })}
          </MetaRow>
          <MetaRow label={t('reports.fields.status')}>{t(`reports.statuses.${report.status}`)}</MetaRow>
          <MetaRow label={t('reports.fields.submitted')}>
            {report.submitted_at ? formatDateTime(report.submitted_at) : t('reports.print.notSubmitted')}
          </MetaRow>
          {report.supersedes ? (
            <MetaRow label={t('reports.fields.supersedes')}>
              {t('reports.print.reportNumber', { id: report.supersedes })}
            </MetaRow>
          ) : null}
          {report.superseded_by ? (
            <MetaRow label={t('reports.fields.supersededBy')}>
              {t('reports.print.reportNumber', { id: report.superseded_by })}
            </MetaRow>
          ) : null}
        </tbody>
      </Box>
      <Box
        data-testid="report-body"
        ref={bodyRef}
        sx={{
          ...REPORT_BODY_SX,
          '& blockquote': { borderInlineStart: '4px solid #ccc', m: 0, my: 1, px: 2, color: '#333' },
          // A list item's indent and bullet on its own start side (its dir is its text's): an
          // English item in an Arabic report starts at the left, bullet first, and the other way round.
          '& :is(ul, ol)': { paddingInline: 0 },
          '& li': { marginInlineStart: '1.5em' },
        }}
        // The body is HTML the server sanitised on save (only the editor's tags and safe
        // link addresses survive), so it is rendered as is.
        dangerouslySetInnerHTML={{ __html: report.body }}
      />
      {report.attachments.length > 0 ? (
        <Box component="section" sx={{ mt: 4 }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, color: '#111' }}>
            {t('reports.print.attachments')}
          </Typography>
          {/* On paper the names; on screen the download chips below (not both). */}
          <Box component="ul" sx={{ pl: 3, my: 1, display: 'none', '@media print': { display: 'block' } }}>
            {report.attachments.map((a) => (
              <li key={a.id}>
                <Bidi>{a.filename}</Bidi> · <Bidi>{formatBytes(a.size)}</Bidi>
              </li>
            ))}
          </Box>
          <Box className="report-no-print">
            <AttachmentList attachments={report.attachments} />
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/** `report/{reportId}`: the report laid out for paper, in its own wrapper (no app header). */
export function ReportPrintPage() {
  const { t, i18n } = useTranslation();
  const { reportId } = useParams();
  const valid = !!reportId && /^[1-9][0-9]{0,9}$/.test(reportId);
  const { data: report, error } = useReportQuery(Number(reportId), { skip: !valid });
  const pdf = usePdfDownload();
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  useEffect(() => {
    if (report) document.title = `${report.title} · ${t('app.name')}`;
  }, [report, t]);

  if (!valid || (error && 'status' in error && error.status === 404)) return <NotFoundPage />;
  return (
    <Box dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang} sx={{ py: { xs: 0, sm: 4 }, px: { xs: 0, sm: 2 } }}>
      {PRINT_STYLES}
      <Box
        className="report-no-print"
        role="toolbar"
        aria-label={t('reports.print.toolbar')}
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          justifyContent: 'space-between',
          maxWidth: '210mm',
          mx: 'auto',
          p: { xs: 1.5, sm: 0 },
          mb: 2,
        }}
      >
        <Button
          component={Link}
          to={REPORT_PATHS.list}
          startIcon={<ArrowBackRounded sx={{ transform: lang === 'ar' ? 'scaleX(-1)' : undefined }} />}
        >
          {t('reports.print.back')}
        </Button>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" startIcon={<PrintOutlined />} disabled={!report} onClick={() => window.print()}>
            {t('reports.print.print')}
          </Button>
          <Button
            variant="contained"
            startIcon={<PictureAsPdfOutlined />}
            disabled={!report}
            loading={pdf.busy}
            onClick={() => report && void pdf.download(report.id, lang)}
          >
            {t('reports.print.downloadPdf')}
          </Button>
        </Box>
      </Box>
      {report ? (
        <Sheet report={report} />
      ) : error ? (
        <Alert severity="error" sx={{ maxWidth: '210mm', mx: 'auto' }}>
          {errorText(error)}
        </Alert>
      ) : (
        <Skeleton variant="rounded" sx={{ maxWidth: '210mm', mx: 'auto' }} height={600} />
      )}
    </Box>
  );
}
