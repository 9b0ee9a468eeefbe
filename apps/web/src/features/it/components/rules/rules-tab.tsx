import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import { formResolver } from '../../../../components/form/field-error-text';
import {
  IT_CATEGORIES,
  ZCategoryRuleRequest,
  ZRedactionRuleRequest,
  type TCategoryRule,
  type TRedactionRule,
} from '@portal/contracts';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldPath, type FieldValues, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Bidi } from '../../../../components/bidi';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../../components/data-table';
import { FormTextField } from '../../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../../components/form/server-errors';
import { SectionCard } from '../../../../components/section-card';
import { errorText, type RequestError } from '../../../../lib/api/api-error';
import { formatDateTime } from '../../../../lib/format';
import {
  useAddCategoryRuleMutation,
  useAddRedactionRuleMutation,
  useCategoryRulesQuery,
  useDeleteCategoryRuleMutation,
  useDeleteRedactionRuleMutation,
  useRedactionRulesQuery,
} from '../../api/it-api';
import { CategoryChip } from '../day/category-chip';

type Rule = TRedactionRule | TCategoryRule;
type Answer = { data: unknown } | { error: RequestError };

/** A refused add: field errors under their fields, anything else as a toast. Returns true when it was refused. */
function refused<T extends FieldValues>(result: Answer, setError: UseFormSetError<T>, fields: FieldPath<T>[]) {
  if (!('error' in result)) return false;
  if (!applyServerFieldErrors(result.error, setError, fields)) toast.error(errorText(result.error));
  return true;
}

/** The pattern in monospace, left to right whatever the page's direction. */
const Pattern = ({ rule }: { rule: Rule }) => (
  <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
    <Bidi dir="ltr">{rule.pattern}</Bidi>
  </Box>
);

const formSx = { display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'flex-start' } as const;
const submitSx = { flex: { xs: '1 1 100%', sm: '0 0 auto' }, mt: 0.25 } as const;

/** One list of rules with its add form: the table, and delete behind a confirm. */
function RuleSection<R extends Rule>({
  kind,
  form,
  rows,
  columns,
  loading,
  error,
  remove,
  removing,
}: {
  kind: 'redactionRules' | 'categoryRules';
  form: ReactNode;
  rows: readonly R[];
  columns: DataTableColumn<R>[];
  loading: boolean;
  error: unknown;
  remove: (id: number) => Promise<Answer>;
  removing: boolean;
}) {
  const { t } = useTranslation();
  const [toDelete, setToDelete] = useState<R | null>(null);
  const confirmDelete = async () => {
    if (!toDelete) return;
    const result = await remove(toDelete.id);
    if ('error' in result) toast.error(errorText(result.error));
    else toast.success(t('it.rules.deleted'));
    setToDelete(null);
  };
  return (
    <SectionCard title={t(`it.rules.${kind}.title`)} hint={t(`it.rules.${kind}.hint`)}>
      {form}
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error as RequestError)}
        </Alert>
      ) : null}
      <DataTable
        rows={rows}
        columns={[
          ...columns,
          {
            key: 'created',
            label: 'it.rules.created',
            sortValue: (r) => r.created_at,
            sortFirst: 'desc',
            cell: (r) => (
              <>
                <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time> · <Bidi>@{r.created_by}</Bidi>
              </>
            ),
          },
        ]}
        rowKey={(r) => r.id}
        label={t(`it.rules.${kind}.table`)}
        loading={loading}
        emptyText={t(`it.rules.${kind}.empty`)}
        stickyTop={0}
        actionsLabel={t('it.rules.actions')}
        actions={(r) => (
          <Button
            size="small"
            color="error"
            onClick={() => setToDelete(r)}
            aria-label={t('it.rules.deleteName', { pattern: r.pattern })}
          >
            {t('it.rules.delete')}
          </Button>
        )}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('it.rules.deleteTitle', { pattern: toDelete?.pattern ?? '' })}
        body={t(`it.rules.${kind}.deleteBody`)}
        confirmLabel={t('it.rules.delete')}
        cancelLabel={t('it.rules.cancel')}
        danger
        busy={removing}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
    </SectionCard>
  );
}

function RedactionRuleForm() {
  const { t } = useTranslation();
  const [add, { isLoading }] = useAddRedactionRuleMutation();
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: formResolver(ZRedactionRuleRequest),
    defaultValues: { pattern: '', description: '' },
  });
  const submit = handleSubmit(async (values) => {
    if (refused(await add(values), setError, ['pattern', 'description'])) return;
    reset();
    toast.success(t('it.rules.added'));
  });
  return (
    <Box component="form" noValidate onSubmit={submit} sx={formSx}>
      <FormTextField
        control={control}
        name="pattern"
        label={t('it.rules.pattern')}
        size="small"
        required
        sx={{ flex: '1 1 220px' }}
        slotProps={{ htmlInput: { dir: 'ltr' } }}
      />
      <FormTextField
        control={control}
        name="description"
        label={t('it.rules.description')}
        size="small"
        sx={{ flex: '1 1 220px' }}
      />
      <Button type="submit" variant="contained" disabled={isLoading} sx={submitSx}>
        {t('it.rules.add')}
      </Button>
    </Box>
  );
}

function CategoryRuleForm() {
  const { t } = useTranslation();
  const [add, { isLoading }] = useAddCategoryRuleMutation();
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: formResolver(ZCategoryRuleRequest),
    defaultValues: { field: 'process' as const, pattern: '', category: 'productive' as const },
  });
  const submit = handleSubmit(async (values) => {
    if (refused(await add(values), setError, ['field', 'pattern', 'category'])) return;
    reset();
    toast.success(t('it.rules.added'));
  });
  return (
    <Box component="form" noValidate onSubmit={submit} sx={formSx}>
      <FormTextField
        control={control}
        name="field"
        label={t('it.rules.field')}
        size="small"
        select
        sx={{ flex: '0 1 180px' }}
      >
        {ZCategoryRuleRequest.shape.field.options.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`it.rules.fields.${f}`)}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name="pattern"
        label={t('it.rules.pattern')}
        size="small"
        required
        sx={{ flex: '1 1 220px' }}
        slotProps={{ htmlInput: { dir: 'ltr' } }}
      />
      <FormTextField
        control={control}
        name="category"
        label={t('it.rules.category')}
        size="small"
        select
        sx={{ flex: '0 1 180px' }}
      >
        {IT_CATEGORIES.map((c) => (
          <MenuItem key={c} value={c}>
            {t(`it.categories.${c}`)}
          </MenuItem>
        ))}
      </FormTextField>
      <Button type="submit" variant="contained" disabled={isLoading} sx={submitSx}>
        {t('it.rules.add')}
      </Button>
    </Box>
  );
}

/** What IT defines: titles never stored (redaction), and apps' and sites' productivity. */
export function RulesTab() {
  const { t } = useTranslation();
  const redaction = useRedactionRulesQuery();
  const category = useCategoryRulesQuery();
  const [deleteRedaction, deletingRedaction] = useDeleteRedactionRuleMutation();
  const [deleteCategory, deletingCategory] = useDeleteCategoryRuleMutation();

  const redactionColumns: DataTableColumn<TRedactionRule>[] = [
    {
      key: 'pattern',
      label: 'it.rules.pattern',
      placement: 'primary',
      sortValue: (r) => r.pattern,
      cell: (r) => <Pattern rule={r} />,
    },
    {
      key: 'description',
      label: 'it.rules.description',
      sortValue: (r) => r.description,
      cell: (r) => (r.description ? <Bidi>{r.description}</Bidi> : t('it.board.none')),
    },
  ];
  const categoryColumns: DataTableColumn<TCategoryRule>[] = [
    {
      key: 'pattern',
      label: 'it.rules.pattern',
      placement: 'primary',
      sortValue: (r) => r.pattern,
      cell: (r) => <Pattern rule={r} />,
    },
    { key: 'field', label: 'it.rules.field', sortValue: (r) => r.field, cell: (r) => t(`it.rules.fields.${r.field}`) },
    {
      key: 'category',
      label: 'it.rules.category',
      placement: 'secondary',
      sortValue: (r) => r.category,
      cell: (r) => <CategoryChip category={r.category} />,
    },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <RuleSection
        kind="redactionRules"
        form={<RedactionRuleForm />}
        rows={redaction.data ?? []}
        columns={redactionColumns}
        loading={redaction.isLoading}
        error={redaction.error}
        remove={deleteRedaction}
        removing={deletingRedaction.isLoading}
      />
      <RuleSection
        kind="categoryRules"
        form={<CategoryRuleForm />}
        rows={category.data ?? []}
        columns={categoryColumns}
        loading={category.isLoading}
        error={category.error}
        remove={deleteCategory}
        removing={deletingCategory.isLoading}
      />
    </Box>
  );
}
