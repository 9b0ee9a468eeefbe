import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';

/**
 * Ten recovery codes, shown once (the portal keeps only digests): copy, download, and
 * continue only once the person says they saved them.
 */
export function RecoveryCodes({
  codes,
  username,
  onDone,
  doneLabel,
}: {
  codes: string[];
  /** Names the downloaded file (unknown during a sign-in). */
  username?: string;
  onDone(): void;
  doneLabel: string;
}) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const text = `${t('mfa.recovery.fileHeading')}\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(t('mfa.recovery.copied'));
    } catch {
      toast.error(t('mfa.recovery.copyFailed'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = username ? `recovery-codes-${username}.txt` : 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack spacing={2}>
      <Alert severity="warning" sx={{ textAlign: 'start' }}>
        {t('mfa.recovery.warning')}
      </Alert>
      <Box
        component="ul"
        aria-label={t('mfa.recovery.listLabel')}
        data-testid="recovery-codes"
        dir="ltr"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr' },
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          borderRadius: 2,
          bgcolor: 'action.hover',
          textAlign: 'center',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ContentCopyRounded />} onClick={() => void copy()}>
          {t('mfa.recovery.copy')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadRounded />} onClick={download}>
          {t('mfa.recovery.download')}
        </Button>
      </Box>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} />}
        label={t('mfa.recovery.saved')}
      />
      <Button variant="contained" disabled={!saved} onClick={onDone}>
        {doneLabel}
      </Button>
    </Stack>
  );
}
