import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from '@portal/contracts';
import { useId, useRef, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileList } from '../form/use-file-list';
import { saidText, type Said } from '../../lib/api/api-error';
import { formatBytes } from './format-bytes';

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
  const list = useFileList({
    acceptable: (file) => !file.type || ACCEPTED_TYPES.has(file.type),
    maxBytes: MAX_ATTACHMENT_BYTES,
    maxFiles: MAX_ATTACHMENTS_PER_MESSAGE,
    messages: {
      badType: (name) => t('attachments.badType', { name }),
      tooLarge: (name) => t('attachments.tooLarge', { name }),
      tooMany: () => t('attachments.tooMany', { count: MAX_ATTACHMENTS_PER_MESSAGE }),
    },
  });
  const { files, problems, dragging, add, remove, clear } = list;

  return {
    files,
    problems,
    dragging,
    add,
    remove,
    clear,
    /** Spread on the form: drop files on it, or paste a screenshot into it. */
    formProps: {
      onPaste: (e: ClipboardEvent) => {
        if (e.clipboardData.files.length === 0) return; // plain text pastes as usual
        e.preventDefault();
        add(e.clipboardData.files);
      },
      ...list.dropHandlers,
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
  error?: Said;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const { files, problems, dragging } = attachments;
  const messages = [...problems, ...(error ? [saidText(error)] : [])];
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
          {t('attachments.attach')}
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
            title={t('attachments.remove', { name: file.name })}
            sx={{ maxWidth: 280 }}
          />
        ))}
      </Box>
      <FormHelperText id={hintId}>{t('attachments.hint', { count: MAX_ATTACHMENTS_PER_MESSAGE })}</FormHelperText>
      {messages.map((m) => (
        <FormHelperText key={m} error role="alert">
          {m}
        </FormHelperText>
      ))}
    </Box>
  );
}
