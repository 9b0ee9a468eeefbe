import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from '@portal/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerText } from '../../../lib/i18n/i18n';
import { formatBytes } from '../ticket-format';

/** What the file dialog offers; the server still decides by content (an .exe renamed .png is refused there). */
const ACCEPT = 'image/png,image/jpeg,application/pdf,text/plain,.png,.jpg,.jpeg,.pdf,.txt';
const ACCEPTED_TYPES = new Set(['image/png', 'image/jpeg', 'application/pdf', 'text/plain']);

/**
 * Files for one message (a new ticket or a reply). Checks what the browser can know
 * (count, size, declared type) at once, so nobody uploads 40 MiB to be told no.
 */
export function AttachmentPicker({
  files,
  onChange,
  error,
  disabled = false,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  /** The server's message for the `attachments` field. */
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problems, setProblems] = useState<string[]>([]);

  const add = (picked: FileList | null) => {
    if (!picked) return;
    const next = [...files];
    const found: string[] = [];
    for (const file of Array.from(picked)) {
      if (file.size > MAX_ATTACHMENT_BYTES) found.push(t('tickets.files.tooLarge', { name: file.name }));
      else if (file.type && !ACCEPTED_TYPES.has(file.type)) found.push(t('tickets.files.badType', { name: file.name }));
      else if (next.length >= MAX_ATTACHMENTS_PER_MESSAGE) {
        found.push(t('tickets.files.tooMany', { count: MAX_ATTACHMENTS_PER_MESSAGE }));
        break;
      } else next.push(file);
    }
    setProblems(found);
    onChange(next);
    if (input.current) input.current.value = ''; // the same file may be picked again after removal
  };

  const messages = [...problems, ...(error ? [translateServerText(error)] : [])];
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<AttachFileRounded />}
          disabled={disabled || files.length >= MAX_ATTACHMENTS_PER_MESSAGE}
        >
          {t('tickets.files.attach')}
          <input
            ref={input}
            type="file"
            name="attachments"
            multiple
            hidden
            accept={ACCEPT}
            aria-describedby={hintId}
            onChange={(e) => add(e.target.files)}
          />
        </Button>
        {files.map((file, index) => (
          <Chip
            key={`${file.name}-${index}`}
            label={`${file.name} · ${formatBytes(file.size)}`}
            onDelete={disabled ? undefined : () => onChange(files.filter((_, i) => i !== index))}
            title={t('tickets.files.remove', { name: file.name })}
            sx={{ maxWidth: 280 }}
          />
        ))}
      </Box>
      <FormHelperText id={hintId}>{t('tickets.files.hint', { count: MAX_ATTACHMENTS_PER_MESSAGE })}</FormHelperText>
      {messages.map((m) => (
        <FormHelperText key={m} error role="alert">
          {m}
        </FormHelperText>
      ))}
    </Box>
  );
}
