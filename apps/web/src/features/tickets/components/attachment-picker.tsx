import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from '@portal/contracts';
import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerText } from '../../../lib/i18n/i18n';
import { formatBytes } from '../ticket-format';

/** What the file dialog offers; the server still decides by content (an .exe renamed .png is refused there). */
const ACCEPT = 'image/png,image/jpeg,application/pdf,text/plain,.png,.jpg,.jpeg,.pdf,.txt';
const ACCEPTED_TYPES = new Set(['image/png', 'image/jpeg', 'application/pdf', 'text/plain']);

export type Attachments = ReturnType<typeof useAttachments>;

/**
 * Files for one message (a new ticket or a reply), from the file dialog, a drop on the
 * form or a pasted screenshot. Checks what the browser can know (count, size, declared
 * type) at once, so nobody uploads 40 MiB to be told no.
 */
export function useAttachments() {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);

  const add = (picked: Iterable<File>) => {
    const next = [...files];
    const found: string[] = [];
    for (const file of picked) {
      if (file.size > MAX_ATTACHMENT_BYTES) found.push(t('tickets.files.tooLarge', { name: file.name }));
      else if (file.type && !ACCEPTED_TYPES.has(file.type)) found.push(t('tickets.files.badType', { name: file.name }));
      else if (next.length >= MAX_ATTACHMENTS_PER_MESSAGE) {
        found.push(t('tickets.files.tooMany', { count: MAX_ATTACHMENTS_PER_MESSAGE }));
        break;
      } else next.push(file);
    }
    setProblems(found);
    setFiles(next);
  };

  return {
    files,
    problems,
    dragging,
    add,
    remove: (index: number) => setFiles(files.filter((_, i) => i !== index)),
    clear: () => {
      setFiles([]);
      setProblems([]);
    },
    /** Spread on the form: drop files on it, or paste a screenshot into it. */
    formProps: {
      onPaste: (e: ClipboardEvent) => {
        if (e.clipboardData.files.length === 0) return; // plain text pastes as usual
        e.preventDefault();
        add(e.clipboardData.files);
      },
      onDragOver: (e: DragEvent) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (e: DragEvent) => {
        if (e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        setDragging(false);
        add(e.dataTransfer.files);
      },
    },
  };
}

/** The files of one message: a button for the file dialog, chips to remove, and the messages. */
export function AttachmentPicker({
  attachments,
  error,
  disabled = false,
}: {
  attachments: Attachments;
  /** The server's message for the `attachments` field. */
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { files, problems, dragging } = attachments;
  const messages = [...problems, ...(error ? [translateServerText(error)] : [])];
  return (
    <Box
      sx={{
        borderRadius: 2,
        outline: dragging ? '2px dashed' : 'none',
        outlineColor: 'primary.main',
        outlineOffset: 4,
      }}
    >
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
            onChange={(e) => {
              attachments.add(Array.from(e.target.files ?? []));
              e.target.value = ''; // the same file may be picked again after removal
            }}
          />
        </Button>
        {files.map((file, index) => (
          <Chip
            key={`${file.name}-${index}`}
            label={`${file.name} · ${formatBytes(file.size)}`}
            onDelete={disabled ? undefined : () => attachments.remove(index)}
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
