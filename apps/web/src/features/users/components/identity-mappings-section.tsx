import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { TIdentityMapping, TIdentityMappingPreview } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DepartmentName } from '../../../components/department-name';
import { FormDialog } from '../../../components/form-dialog';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api/api-error';
import { formatNumber } from '../../../lib/format';
import {
  useDeleteIdentityMappingMutation,
  useIdentityMappingsQuery,
  useMoveIdentityMappingMutation,
  usePreviewIdentityMappingsMutation,
} from '../api/identity-mappings-api';
import { asRequest, IdentityMappingForm } from './identity-mapping-form';
import { IdentityMappingPreview } from './identity-mapping-preview';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; rule: TIdentityMapping }
  | { kind: 'delete'; rule: TIdentityMapping; preview: TIdentityMappingPreview }
  | null;

/** What a rule matches, as ADMIN wrote it: a group, or `claim = value`. */
function RuleMatch({ rule }: { rule: TIdentityMapping }) {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" variant="outlined" label={t(`admin.mapping.kinds.${rule.match_kind}`)} />
      <Bidi>{rule.match_kind === 'claim' ? `${rule.claim} = ${rule.value}` : rule.value}</Bidi>
    </Box>
  );
}

/**
 * /admin?tab=mapping (ADMIN): the ordered rules that say who someone signing in through
 * the company directory or provider is in the portal; every change shows whom it affects
 * before it is saved.
 */
export function IdentityMappingsSection() {
  const { t } = useTranslation();
  const { data: rules = [], isLoading, error } = useIdentityMappingsQuery();
  const [move, { isLoading: moving }] = useMoveIdentityMappingMutation();
  const [remove, { isLoading: removing }] = useDeleteIdentityMappingMutation();
  const [preview] = usePreviewIdentityMappingsMutation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const askDelete = async (rule: TIdentityMapping) => {
    const result = await preview({ rules: rules.filter((r) => r.id !== rule.id).map(asRequest) });
    if ('error' in result) toast.error(errorText(result.error));
    else setDialog({ kind: 'delete', rule, preview: result.data });
  };
  const confirmDelete = async () => {
    if (dialog?.kind !== 'delete') return;
    const result = await remove(dialog.rule.id);
    if ('error' in result) toast.error(errorText(result.error));
    else toast.success(t('admin.mapping.deleted'));
    close();
  };
  const shift = async (rule: TIdentityMapping, direction: 'up' | 'down') => {
    const result = await move({ id: rule.id, direction });
    if ('error' in result) toast.error(errorText(result.error));
  };

  const columns: DataTableColumn<TIdentityMapping>[] = [
    {
      key: 'order',
      label: 'admin.mapping.order',
      cell: (r) => formatNumber(rules.indexOf(r) + 1),
    },
    { key: 'match', label: 'admin.mapping.match', placement: 'primary', cell: (r) => <RuleMatch rule={r} /> },
    { key: 'type', label: 'account.userType', cell: (r) => <DepartmentName code={r.user_type} showCode /> },
    {
      key: 'flags',
      label: 'admin.mapping.flags',
      placement: 'secondary',
      cell: (r) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {r.is_manager ? <Chip size="small" label={t('account.manager')} /> : null}
          {r.is_director ? <Chip size="small" label={t('account.director')} /> : null}
        </Box>
      ),
    },
  ];

  return (
    <SectionCard title={t('admin.mapping.title')} hint={t('admin.mapping.hint')}>
      <Stack direction="row" sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => setDialog({ kind: 'add' })}>
          {t('admin.mapping.add')}
        </Button>
      </Stack>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      ) : null}
      <DataTable
        rows={rules}
        columns={columns}
        rowKey={(r) => r.id}
        label={t('admin.mapping.table')}
        loading={isLoading}
        emptyText={t('admin.mapping.empty')}
        stickyTop={0}
        actionsLabel={t('admin.mapping.actions')}
        actions={(r) => {
          const at = rules.indexOf(r);
          const name = r.match_kind === 'claim' ? `${r.claim} = ${r.value}` : r.value;
          return (
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap' }}>
              <IconButton
                size="small"
                disabled={at === 0 || moving}
                onClick={() => void shift(r, 'up')}
                aria-label={t('admin.mapping.moveUp', { name })}
              >
                <ArrowUpwardRounded fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                disabled={at === rules.length - 1 || moving}
                onClick={() => void shift(r, 'down')}
                aria-label={t('admin.mapping.moveDown', { name })}
              >
                <ArrowDownwardRounded fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                onClick={() => setDialog({ kind: 'edit', rule: r })}
                aria-label={t('admin.mapping.edit', { name })}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                color="error"
                onClick={() => void askDelete(r)}
                aria-label={t('admin.mapping.delete', { name })}
              >
                <DeleteOutlineRounded fontSize="small" />
              </IconButton>
            </Box>
          );
        }}
      />
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <FormDialog
          open
          title={dialog.kind === 'add' ? t('admin.mapping.addTitle') : t('admin.mapping.editTitle')}
          hint={t('admin.mapping.formHint')}
          onClose={close}
        >
          <IdentityMappingForm rules={rules} editing={dialog.kind === 'edit' ? dialog.rule : null} onDone={close} />
        </FormDialog>
      ) : null}
      {dialog?.kind === 'delete' ? (
        <FormDialog open title={t('admin.mapping.deleteTitle')} onClose={close}>
          <Stack spacing={2}>
            <IdentityMappingPreview preview={dialog.preview} />
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              <Button onClick={close} color="inherit">
                {t('account.cancel')}
              </Button>
              <Button variant="contained" color="error" onClick={() => void confirmDelete()} disabled={removing}>
                {t('admin.mapping.confirmDelete')}
              </Button>
            </Box>
          </Stack>
        </FormDialog>
      ) : null}
    </SectionCard>
  );
}
