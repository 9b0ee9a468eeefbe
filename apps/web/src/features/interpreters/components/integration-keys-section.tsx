import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { formResolver } from '../../../components/form/field-error-text';
import { ZIntegrationKeyRequest, type TIntegrationKey, type TNewIntegrationKey } from '@portal/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api/api-error';
import { formatDateTime } from '../../../lib/format';
import {
  useCreateIntegrationKeyMutation,
  useIntegrationKeysQuery,
  useRevokeIntegrationKeyMutation,
} from '../api/interpreters-api';

/** The secret, once: copy it now, it is never shown again. */
function NewKeyDialog({ created, onClose }: { created: TNewIntegrationKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      toast.success(t('interpreters.keys.copied'));
    } catch {
      toast.error(t('interpreters.keys.copyFailed'));
    }
  };
  return (
    <Dialog open={created !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('interpreters.keys.newKeyTitle', { name: created?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('interpreters.keys.showOnce')}
        </Alert>
        <TextField
          label={t('interpreters.keys.key')}
          value={created?.key ?? ''}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', style: { fontFamily: 'monospace' } } }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<ContentCopyRounded />} onClick={() => void copy()}>
          {t('interpreters.keys.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('interpreters.keys.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Names a new key; the answer (with the secret) goes to the one-time dialog. */
function CreateKeyForm({ onCreated }: { onCreated: (key: TNewIntegrationKey) => void }) {
  const { t } = useTranslation();
  const [create, { isLoading }] = useCreateIntegrationKeyMutation();
  const { control, handleSubmit, setError, reset } = useForm<{ name: string }>({
    resolver: formResolver(ZIntegrationKeyRequest),
    defaultValues: { name: '' },
  });
  const submit = handleSubmit(async (values) => {
    const result = await create(values);
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, ['name'])) toast.error(errorText(result.error));
      return;
    }
    reset({ name: '' });
    onCreated(result.data);
  });
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2 }}>
      <FormTextField
        control={control}
        name="name"
        label={t('interpreters.keys.name')}
        size="small"
        sx={{ flex: '1 1 220px' }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={isLoading}
        sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, alignSelf: 'flex-start', mt: 0.25 }}
      >
        {t('interpreters.keys.create')}
      </Button>
    </Box>
  );
}

/** ADMIN's integration API keys: list, create (the key shown once), revoke. */
export function IntegrationKeysSection() {
  const { t } = useTranslation();
  const { data = [], isLoading, error } = useIntegrationKeysQuery();
  const [revoke, revoking] = useRevokeIntegrationKeyMutation();
  const [created, setCreated] = useState<TNewIntegrationKey | null>(null);
  const [toRevoke, setToRevoke] = useState<TIntegrationKey | null>(null);
  const never = t('interpreters.keys.never');

  const columns: DataTableColumn<TIntegrationKey>[] = [
    {
      key: 'name',
      label: 'interpreters.keys.name',
      placement: 'primary',
      sortValue: (k) => k.name,
      cell: (k) => <Bidi>{k.name}</Bidi>,
    },
    {
      key: 'prefix',
      label: 'interpreters.keys.prefix',
      cell: (k) => (
        <Box component="code" sx={{ fontFamily: 'monospace' }}>
          <Bidi dir="ltr">{k.prefix}…</Bidi>
        </Box>
      ),
    },
    {
      key: 'created',
      label: 'interpreters.keys.created',
      sortValue: (k) => k.created_at,
      sortFirst: 'desc',
      cell: (k) => <time dateTime={k.created_at}>{formatDateTime(k.created_at)}</time>,
    },
    {
      key: 'lastUsed',
      label: 'interpreters.keys.lastUsed',
      sortValue: (k) => k.last_used_at,
      sortFirst: 'desc',
      cell: (k) => (k.last_used_at ? <time dateTime={k.last_used_at}>{formatDateTime(k.last_used_at)}</time> : never),
    },
    {
      key: 'status',
      label: 'interpreters.keys.status',
      placement: 'secondary',
      cell: (k) =>
        k.revoked_at ? (
          <Chip
            size="small"
            variant="outlined"
            label={t('interpreters.keys.revokedOn', { date: formatDateTime(k.revoked_at) })}
          />
        ) : (
          <Chip size="small" color="success" label={t('interpreters.keys.active')} />
        ),
    },
  ];

  const confirmRevoke = async () => {
    if (!toRevoke) return;
    const result = await revoke(toRevoke.id);
    if ('error' in result) toast.error(errorText(result.error));
    else toast.success(t('interpreters.keys.revoked'));
    setToRevoke(null);
  };

  return (
    <SectionCard title={t('interpreters.keys.title')} hint={t('interpreters.keys.hint')}>
      <CreateKeyForm onCreated={setCreated} />
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      ) : null}
      <DataTable
        rows={data}
        columns={columns}
        rowKey={(k) => k.id}
        label={t('interpreters.keys.table')}
        loading={isLoading}
        emptyText={t('interpreters.keys.empty')}
        defaultSort={{ key: 'created', direction: 'desc' }}
        stickyTop={0}
        actionsLabel={t('interpreters.keys.actions')}
        actions={(k) =>
          k.revoked_at ? null : (
            <Button
              size="small"
              color="error"
              onClick={() => setToRevoke(k)}
              aria-label={t('interpreters.keys.revokeName', { name: k.name })}
            >
              {t('interpreters.keys.revoke')}
            </Button>
          )
        }
      />
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={toRevoke !== null}
        title={t('interpreters.keys.revokeTitle', { name: toRevoke?.name ?? '' })}
        body={t('interpreters.keys.revokeBody')}
        confirmLabel={t('interpreters.keys.revoke')}
        cancelLabel={t('interpreters.keys.cancel')}
        danger
        busy={revoking.isLoading}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setToRevoke(null)}
      />
    </SectionCard>
  );
}
