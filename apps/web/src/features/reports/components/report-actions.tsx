import EditRounded from '@mui/icons-material/EditRounded';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { TReportSummary } from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { selectCurrentUser, selectToken } from '../../auth';
import { downloadReportPdf } from '../api/reports-api';
import { REPORT_PATHS } from '../report-format';

/** Fetches the server's PDF with the session's token and saves it; failures as a toast. */
export function usePdfDownload() {
  const token = useSelector(selectToken);
  const [busy, setBusy] = useState(false);
  const download = async (id: number, lang: 'en' | 'ar') => {
    if (!token) return;
    setBusy(true);
    try {
      await downloadReportPdf(id, lang, token);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}

function Action({
  label,
  to,
  onClick,
  children,
}: {
  label: string;
  to?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      {to ? (
        <IconButton size="small" aria-label={label} component={Link} to={to}>
          {children}
        </IconButton>
      ) : (
        <IconButton size="small" aria-label={label} onClick={onClick}>
          {children}
        </IconButton>
      )}
    </Tooltip>
  );
}

/** A row's actions: edit (own drafts), supersede (own submitted), the print page and the PDF in either language. */
export function ReportActions({ report }: { report: TReportSummary }) {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const pdf = usePdfDownload();
  const mine = me?.id === report.author.id;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
      {mine && report.status === 'draft' ? (
        <Action label={t('reports.actions.edit', { title: report.title })} to={REPORT_PATHS.edit(report.id)}>
          <EditRounded fontSize="small" />
        </Action>
      ) : null}
      {mine && report.status === 'submitted' ? (
        <Action
          label={t('reports.actions.supersedeNamed', { title: report.title })}
          to={`${REPORT_PATHS.create}?supersedes=${report.id}`}
        >
          <ReplayRounded fontSize="small" />
        </Action>
      ) : null}
      <Action label={t('reports.actions.print', { title: report.title })} to={REPORT_PATHS.print(report.id)}>
        <PrintOutlined fontSize="small" />
      </Action>
      {(['en', 'ar'] as const).map((lang) => (
        <Button
          key={lang}
          size="small"
          startIcon={<PictureAsPdfOutlined fontSize="small" />}
          disabled={pdf.busy}
          onClick={() => void pdf.download(report.id, lang)}
          aria-label={t(`reports.actions.pdf_${lang}`, { title: report.title })}
          sx={{ minWidth: 0 }}
        >
          {t(`reports.actions.pdfShort_${lang}`)}
        </Button>
      ))}
    </Box>
  );
}
