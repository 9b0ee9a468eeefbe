import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import UploadFileRounded from '@mui/icons-material/UploadFileRounded';
import { SHIFT_CSV_COLUMNS, type TShiftImportResult } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { downloadCsv, toCsv } from '../../../components/data-table';
import { FormDialog } from '../../../components/form-dialog';
import { errorSaid, fieldMessages, saidText, type Said } from '../../../lib/api/api-error';
import { useImportShiftsMutation } from '../api/wfm-api';
import { todayIso } from '../wfm-time';

/** A template with the columns the import reads and one example row. */
function downloadTemplate() {
  const example: Record<(typeof SHIFT_CSV_COLUMNS)[number], string> = {
    username: 'interpreter01',
    date: todayIso(),
    start: '08:00',
    end: '16:00',
    note: '',
  };
  downloadCsv(
    'shifts-template.csv',
    toCsv(
      SHIFT_CSV_COLUMNS.map((c) => ({ header: c, value: (row: typeof example) => row[c] })),
      [example],
    ),
  );
}

/**
 * A week or month of shifts from a CSV file: a dry run first (counts, or every bad line),
 * then the import itself. Nothing is saved while any line fails.
 */
export function ShiftImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [preview, setPreview] = useState<TShiftImportResult | null>(null);
  const [problems, setProblems] = useState<Said[]>([]);
  const [importShifts, { isLoading }] = useImportShiftsMutation();

  const reset = () => {
    setFile(null);
    setPreview(null);
    setProblems([]);
  };
  const close = () => {
    reset();
    onClose();
  };

  const send = async (csv: string, dryRun: boolean) => {
    const result = await importShifts({ csv, dry_run: dryRun });
    if ('error' in result) {
      const fields = fieldMessages(result.error);
      const lines = fields.csv ?? Object.values(fields).flat();
      setPreview(null);
      setProblems(lines.length ? lines : [errorSaid(result.error)]);
      return;
    }
    setProblems([]);
    if (dryRun) setPreview(result.data);
    else {
      toast.success(
        t('wfm.import.done', { count: result.data.rows, created: result.data.created, replaced: result.data.replaced }),
      );
      close();
    }
  };

  const pick = async (picked: File | undefined) => {
    reset();
    if (!picked) return;
    const csv = await picked.text();
    setFile({ name: picked.name, csv });
    await send(csv, true);
  };

  return (
    <FormDialog open={open} onClose={close} title={t('wfm.import.title')} hint={t('wfm.import.hint')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileRounded />}>
          {t('wfm.import.choose')}
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            hidden
            data-testid="shift-csv-input"
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
        <Link component="button" type="button" onClick={downloadTemplate}>
          {t('wfm.import.template')}
        </Link>
      </Box>
      {file ? (
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {t('wfm.import.file', { name: file.name })}
        </Typography>
      ) : null}
      {problems.length ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('wfm.import.failed', { count: problems.length })}
          </Typography>
          <Box component="ul" aria-label={t('wfm.import.errors')} sx={{ m: 0, mt: 0.5, paddingInlineStart: 2.5 }}>
            {problems.map((p, i) => (
              <li key={i}>{saidText(p)}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {preview ? (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('wfm.import.preview', { count: preview.rows, created: preview.created, replaced: preview.replaced })}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button color="inherit" onClick={close}>
          {t('wfm.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!file || !preview || isLoading}
          onClick={() => file && void send(file.csv, false)}
        >
          {t('wfm.import.confirm')}
        </Button>
      </Box>
    </FormDialog>
  );
}
