import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saidText, type Said } from '../../../lib/api/api-error';

/**
 * Asks before a step on a request (approve, reject, cancel, revoke) with a comment for the
 * timeline. `check` returns the contract's message when the comment will not do (a
 * rejection needs one); `onConfirm` returns the server's message for the comment, if any.
 */
export function LeaveCommentDialog({
  open,
  title,
  body,
  confirmLabel,
  commentLabel,
  danger = false,
  busy = false,
  check,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  commentLabel: string;
  danger?: boolean;
  busy?: boolean;
  check?: (comment: string) => Said | undefined;
  onConfirm: (comment: string) => Promise<Said | undefined>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<Said | undefined>();
  useEffect(() => {
    if (open) {
      setComment('');
      setError(undefined);
    }
  }, [open]);
  const confirm = async () => {
    const problem = check?.(comment) ?? (await onConfirm(comment.trim()));
    setError(problem);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId} sx={{ mb: 2 }}>
          {body}
        </DialogContentText>
        <TextField
          label={commentLabel}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          error={!!error}
          helperText={error ? saidText(error) : undefined}
          multiline
          minRows={2}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { dir: 'auto', maxLength: 1000 } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t('leaves.actions.back')}
        </Button>
        <Button onClick={() => void confirm()} variant="contained" color={danger ? 'error' : 'primary'} loading={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
