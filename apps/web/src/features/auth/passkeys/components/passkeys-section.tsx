import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import KeyRounded from '@mui/icons-material/KeyRounded';
import { ZPasskeyName, type TPasskey } from '@portal/contracts';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Bidi } from '../../../../components/bidi';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../../components/data-table';
import { formResolver } from '../../../../components/form/field-error-text';
import { FormTextField } from '../../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../../components/form/server-errors';
import { FormDialog } from '../../../../components/form-dialog';
import { LoadFailedAlert } from '../../../../components/load-failed-alert';
import { NoData } from '../../../../components/no-data';
import { errorText } from '../../../../lib/api/api-error';
import { formatDateTime } from '../../../../lib/format';
import {
  useMyPasskeysQuery,
  usePasskeyReauthOptionsMutation,
  usePasskeyRegistrationOptionsMutation,
  useRegisterPasskeyMutation,
  useRemovePasskeyMutation,
  useRenamePasskeyMutation,
} from '../api/passkeys-api';
import { createPasskey, getPasskey, webAuthnAvailable } from '../webauthn';
import { problemText } from './passkey-problem';

const ZNameForm = z.object({ name: ZPasskeyName });
type NameForm = z.infer<typeof ZNameForm>;

/** Adds a passkey: a name for it, then the browser's own prompt (fingerprint, face, PIN). */
function AddPasskeyForm() {
  const { t } = useTranslation();
  const [getOptions] = usePasskeyRegistrationOptionsMutation();
  const [register] = useRegisterPasskeyMutation();
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit, reset, setError } = useForm<NameForm>({
    resolver: formResolver(ZNameForm),
    defaultValues: { name: '' },
  });

  const submit = handleSubmit(async ({ name }) => {
    setBusy(true);
    try {
      const options = await getOptions({});
      if ('error' in options) return void toast.error(errorText(options.error));
      const answer = await createPasskey(options.data);
      if ('problem' in answer) return void toast.error(problemText(t, answer.problem));
      const result = await register({ name, credential: answer.credential });
      if ('error' in result) {
        if (!applyServerFieldErrors(result.error, setError, ['name'])) toast.error(errorText(result.error));
        return;
      }
      reset({ name: '' });
      toast.success(t('passkeys.added'));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { sm: 'flex-start' }, mt: 2 }}
    >
      <FormTextField
        control={control}
        name="name"
        label={t('passkeys.nameLabel')}
        helperText={t('passkeys.nameHint')}
        size="small"
        required
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" startIcon={<KeyRounded />} disabled={busy} sx={{ flexShrink: 0 }}>
        {t('passkeys.add')}
      </Button>
    </Stack>
  );
}

function RenameDialog({ passkey, onClose }: { passkey: TPasskey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [rename, { isLoading }] = useRenamePasskeyMutation();
  const { control, handleSubmit, setError } = useForm<NameForm>({
    resolver: formResolver(ZNameForm),
    values: { name: passkey?.name ?? '' },
  });
  const submit = handleSubmit(async ({ name }) => {
    if (!passkey) return;
    const result = await rename({ id: passkey.id, name });
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, ['name'])) toast.error(errorText(result.error));
      return;
    }
    toast.success(t('passkeys.renamed'));
    onClose();
  });
  return (
    <FormDialog open={passkey !== null} title={t('passkeys.renameTitle')} onClose={onClose}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        <FormTextField control={control} name="name" label={t('passkeys.nameLabel')} required autoFocus />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <Button onClick={onClose} color="inherit">
            {t('passkeys.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('passkeys.save')}
          </Button>
        </Box>
      </Stack>
    </FormDialog>
  );
}

/**
 * The own passkeys, for the profile's sign-in security: the list (renamed and removed
 * here; a removal asks the browser for one of the person's passkeys first) and adding one.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const { data = [], error, isLoading, refetch } = useMyPasskeysQuery();
  const [reauthOptions] = usePasskeyReauthOptionsMutation();
  const [remove] = useRemovePasskeyMutation();
  const [renaming, setRenaming] = useState<TPasskey | null>(null);
  const [removing, setRemoving] = useState<TPasskey | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      const options = await reauthOptions();
      if ('error' in options) return void toast.error(errorText(options.error));
      const answer = await getPasskey(options.data);
      if ('problem' in answer) return void toast.error(problemText(t, answer.problem));
      const result = await remove({ id: removing.id, assertion: answer.credential });
      if ('error' in result) return void toast.error(errorText(result.error));
      toast.success(t('passkeys.removed'));
      setRemoving(null);
    } finally {
      setBusy(false);
    }
  };

  const columns: DataTableColumn<TPasskey>[] = [
    {
      key: 'name',
      label: 'passkeys.columns.name',
      placement: 'primary',
      cell: (p) => <Bidi>{p.name}</Bidi>,
      sortValue: (p) => p.name,
    },
    {
      key: 'kind',
      label: 'passkeys.columns.kind',
      placement: 'secondary',
      cell: (p) => (
        <Chip
          size="small"
          variant="outlined"
          label={t(p.device_type === 'multiDevice' ? 'passkeys.synced' : 'passkeys.deviceOnly')}
        />
      ),
    },
    {
      key: 'created_at',
      label: 'passkeys.columns.created',
      cell: (p) => formatDateTime(p.created_at),
      sortValue: (p) => p.created_at,
    },
    {
      key: 'last_used_at',
      label: 'passkeys.columns.lastUsed',
      cell: (p) => (p.last_used_at ? formatDateTime(p.last_used_at) : <NoData />),
      sortValue: (p) => p.last_used_at,
    },
  ];

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
        {t('passkeys.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('passkeys.intro')}
      </Typography>
      {webAuthnAvailable() ? null : (
        <Typography variant="body2" color="warning.main" role="status" sx={{ mb: 2 }}>
          {t('passkeys.problems.unsupported')}
        </Typography>
      )}
      {error ? <LoadFailedAlert title={t('passkeys.loadFailed')} error={error} onRetry={() => void refetch()} /> : null}
      <DataTable
        rows={data}
        columns={columns}
        rowKey={(p) => p.id}
        label={t('passkeys.listLabel')}
        loading={isLoading}
        emptyText={t('passkeys.empty')}
        stickyTop={0}
        actionsLabel={t('passkeys.columns.actions')}
        actions={(p) => (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              onClick={() => setRenaming(p)}
              aria-label={t('passkeys.renameNamed', { name: p.name })}
            >
              {t('passkeys.rename')}
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => setRemoving(p)}
              aria-label={t('passkeys.removeNamed', { name: p.name })}
            >
              {t('passkeys.remove')}
            </Button>
          </Stack>
        )}
      />
      <AddPasskeyForm />
      <RenameDialog passkey={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={removing !== null}
        title={t('passkeys.removeTitle')}
        body={t('passkeys.removeBody', { name: removing?.name ?? '' })}
        confirmLabel={t('passkeys.remove')}
        cancelLabel={t('passkeys.cancel')}
        danger
        busy={busy}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
