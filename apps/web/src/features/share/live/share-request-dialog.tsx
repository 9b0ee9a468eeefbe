import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { TShareCall } from '@portal/contracts';
import { SHARE_REASON_MAX } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { BidiTrans } from '../../../components/bidi';
import { personName } from '../../../lib/format';

/** The target's question: who asks, why; share the screen, or decline with an optional word. */
export function ShareRequestDialog({
  call,
  onAccept,
  onDecline,
}: {
  call: TShareCall;
  onAccept(): Promise<void>;
  onDecline(note?: string): Promise<void>;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // Phones and some browsers cannot share a screen: say so rather than fail on the click.
  const canShare = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia;
  const run = (work: () => Promise<void>, failure: string) => {
    setBusy(true);
    void work()
      .catch(() => toast.error(failure))
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open aria-labelledby="share-request-title" aria-describedby="share-request-reason">
      <DialogTitle id="share-request-title">
        <BidiTrans i18nKey="share.request.title" values={{ name: personName(call.viewer) }} />
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="share-request-reason">
          <BidiTrans i18nKey="share.request.reason" values={{ reason: call.reason }} />
        </DialogContentText>
        {!canShare ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('share.request.cannotShare')}
          </Alert>
        ) : null}
        <TextField
          fullWidth
          margin="normal"
          size="small"
          label={t('share.request.declineNote')}
          value={note}
          onChange={(e) => setNote(e.target.value.slice(0, SHARE_REASON_MAX))}
        />
      </DialogContent>
      <DialogActions>
        <Button
          disabled={busy}
          onClick={() => run(() => onDecline(note.trim() || undefined), t('share.request.declineFailed'))}
        >
          {t('share.request.decline')}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !canShare}
          onClick={() => run(onAccept, t('share.request.acceptFailed'))}
        >
          {t('share.request.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
