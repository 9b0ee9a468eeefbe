import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldErrorText, formResolver } from '../../../components/form/field-error-text';
import {
  KPI_UNIT_RANGES,
  ZKpiRecordRequest,
  ZKpiRecordUpdateRequest,
  type TKpiPeriod,
  type TKpiRecord,
  type TKpiRecordRequest,
  type TKpiUnit,
} from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useController, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Bidi } from '../../../components/bidi';
import { FormCard } from '../../../components/form/form-card';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-errors';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { errorText, type RequestError } from '../../../lib/api/api-error';
import { formatDateTime } from '../../../lib/format';
import {
  useAddKpiRecordMutation,
  useKpiRecordQuery,
  useKpiScorecardQuery,
  useUpdateKpiRecordMutation,
} from '../api/kpi-api';
import { NumberField } from '../components/number-field';
import { PeriodPicker } from '../components/period-picker';
import { currentPeriodStart, formatKpiValue, periodLabel, personName, scorecardPath } from '../kpi-format';
import { localName } from '../../../lib/i18n/local-name';

const ADD_FIELDS: FieldPath<TKpiRecordRequest>[] = ['period', 'value', 'note'];

/** "Between 0 and 100 (%)": what the unit allows, under the value. */
function rangeHint(t: TFunction, unit: TKpiUnit): string {
  const r = KPI_UNIT_RANGES[unit];
  return t(r.integer ? 'kpi.form.rangeWhole' : 'kpi.form.range', {
    min: formatKpiValue(t, unit, r.min),
    max: formatKpiValue(t, unit, r.max),
  });
}

/** The period as prev/next buttons, its error (ours or the server's) under it. */
function PeriodField({ control, period }: { control: Control<TKpiRecordRequest>; period: TKpiPeriod }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'period' });
  const errorId = useId();
  return (
    <Box aria-describedby={fieldState.error ? errorId : undefined}>
      <Typography variant="body2" color="text.secondary">
        {t('kpi.form.period')}
      </Typography>
      <PeriodPicker period={period} start={field.value} onChange={(start) => field.onChange(start)} />
      {fieldState.error ? (
        <FormHelperText id={errorId} error role="alert">
          {fieldErrorText(fieldState.error)}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

function Loading({ error, notFound = false }: { error: RequestError | undefined; notFound?: boolean }) {
  const { t } = useTranslation();
  if (notFound) return <Alert severity="error">{t('kpi.form.notFound')}</Alert>;
  if (error) return <Alert severity="error">{errorText(error)}</Alert>;
  return <LinearProgress aria-label={t('loader.loading')} />;
}

/** kpi/{userName}/add/{kpiId}: a value for one person, KPI and period. */
export function KpiAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userName = '', kpiId = '' } = useParams();
  const { data: card, error } = useKpiScorecardQuery({ username: userName, periods: 1 });
  const kpi = card?.kpis.find((k) => String(k.id) === kpiId);
  return (
    <PageContainer maxWidth="sm">
      <PageHeader title={t('kpi.form.addTitle')} />
      {card && !kpi ? <Alert severity="error">{t('kpi.form.noSuchKpi')}</Alert> : null}
      {card && kpi ? (
        <AddForm
          username={card.user.username}
          name={personName(card.user)}
          kpi={kpi}
          onDone={() => void navigate(scorecardPath(card.user.username))}
        />
      ) : null}
      {!card ? <Loading error={error} /> : null}
    </PageContainer>
  );
}

/**
 * "Score while watching": the person's KPIs to pick from and the add form,
 * beside a screen-sharing call; each value saved leaves the panel ready for the next.
 */
export function KpiScorePanel({ username }: { username: string }) {
  const { t } = useTranslation();
  const { data: card, error } = useKpiScorecardQuery({ username, periods: 1 });
  const [kpiId, setKpiId] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  if (!card) return <Loading error={error} />;
  if (card.kpis.length === 0) return <Alert severity="info">{t('kpi.form.noKpis')}</Alert>;
  const kpi = card.kpis.find((k) => k.id === kpiId) ?? card.kpis[0]!;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        select
        size="small"
        label={t('kpi.form.kpi')}
        value={kpi.id}
        onChange={(e) => setKpiId(Number(e.target.value))}
      >
        {card.kpis.map((k) => (
          <MenuItem key={k.id} value={k.id}>
            <Bidi>{localName(k)}</Bidi>
          </MenuItem>
        ))}
      </TextField>
      <AddForm
        key={`${kpi.id}-${round}`}
        username={card.user.username}
        name={personName(card.user)}
        kpi={kpi}
        onDone={() => setRound((r) => r + 1)}
      />
    </Box>
  );
}

function AddForm({
  username,
  name,
  kpi,
  onDone,
}: {
  username: string;
  name: string;
  kpi: { id: number; name: string; unit: TKpiUnit; period: TKpiPeriod };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [add, adding] = useAddKpiRecordMutation();
  const { control, handleSubmit, setError } = useForm<TKpiRecordRequest>({
    resolver: formResolver(ZKpiRecordRequest),
    defaultValues: { username, kpi: kpi.id, period: currentPeriodStart(kpi.period), value: Number.NaN, note: '' },
  });
  const submit = handleSubmit(async (values) => {
    const result = await add(values);
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, ADD_FIELDS)) toast.error(errorText(result.error));
      return;
    }
    toast.success(t('kpi.form.added', { kpi: localName(kpi), name }));
    onDone();
  });
  return (
    <FormCard label={t('kpi.form.addTitle')} onSubmit={(e) => void submit(e)}>
      <Typography>
        <Bidi>{localName(kpi)}</Bidi> · <Bidi>{name}</Bidi>
      </Typography>
      <PeriodField control={control} period={kpi.period} />
      <NumberField
        control={control}
        name="value"
        label={t('kpi.form.value')}
        helperText={rangeHint(t, kpi.unit)}
        required
      />
      <FormTextField control={control} name="note" label={t('kpi.form.note')} multiline minRows={2} />
      <FormButtons busy={adding.isLoading} onCancel={onDone} />
    </FormCard>
  );
}

function FormButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      <Button onClick={onCancel} color="inherit">
        {t('kpi.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={busy}>
        {t('kpi.save')}
      </Button>
    </Box>
  );
}

/** kpi/edit/{recordId}: change a value; the earlier values are listed below. */
export function KpiEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { kpiId = '' } = useParams();
  const id = Number(kpiId);
  const { data: record, error } = useKpiRecordQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  return (
    <PageContainer maxWidth="sm">
      <PageHeader title={t('kpi.form.editTitle')} />
      {record ? (
        <>
          <EditForm
            key={`${record.id}-${record.updated_at}`}
            record={record}
            onDone={() => void navigate(scorecardPath(record.user.username))}
          />
          <History record={record} />
        </>
      ) : (
        <Loading error={error} notFound={!Number.isInteger(id) || id < 1} />
      )}
    </PageContainer>
  );
}

function EditForm({ record, onDone }: { record: TKpiRecord; onDone: () => void }) {
  const { t } = useTranslation();
  const [update, updating] = useUpdateKpiRecordMutation();
  const { control, handleSubmit, setError } = useForm({
    resolver: formResolver(ZKpiRecordUpdateRequest),
    defaultValues: { value: record.value, note: record.note },
  });
  const submit = handleSubmit(async (values) => {
    const result = await update({ id: record.id, body: values });
    if ('error' in result) {
      if (!applyServerFieldErrors(result.error, setError, ['value', 'note'])) toast.error(errorText(result.error));
      return;
    }
    toast.success(t('kpi.form.updated', { kpi: localName(record.kpi), name: personName(record.user) }));
    onDone();
  });
  return (
    <FormCard label={t('kpi.form.editTitle')} onSubmit={(e) => void submit(e)}>
      <Typography>
        <Bidi>{localName(record.kpi)}</Bidi> · <Bidi>{personName(record.user)}</Bidi> ·{' '}
        {periodLabel(t, record.kpi.period, record.period_start)}
      </Typography>
      <NumberField
        control={control}
        name="value"
        label={t('kpi.form.value')}
        helperText={rangeHint(t, record.kpi.unit)}
        required
      />
      <FormTextField control={control} name="note" label={t('kpi.form.note')} multiline minRows={2} />
      <FormButtons busy={updating.isLoading} onCancel={onDone} />
    </FormCard>
  );
}

function History({ record }: { record: TKpiRecord }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 3 }}>
      <SectionCard title={t('kpi.history.title')}>
        {record.history.length === 0 ? (
          <Typography color="text.secondary">{t('kpi.history.empty')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
            <Table size="small" aria-label={t('kpi.history.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('kpi.columns.value')}</TableCell>
                  <TableCell>{t('kpi.columns.note')}</TableCell>
                  <TableCell>{t('kpi.history.who')}</TableCell>
                  <TableCell>{t('kpi.history.when')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {record.history.map((h) => (
                  <TableRow key={h.changed_at}>
                    <TableCell>{formatKpiValue(t, record.kpi.unit, h.value)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <Bidi>{h.note || '—'}</Bidi>
                    </TableCell>
                    <TableCell>{h.changed_by ? <Bidi>{personName(h.changed_by)}</Bidi> : '—'}</TableCell>
                    <TableCell>{formatDateTime(h.changed_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('kpi.history.entered', {
            name: record.entered_by ? personName(record.entered_by) : '—',
            when: formatDateTime(record.entered_at),
            value: formatKpiValue(t, record.kpi.unit, record.value),
          })}
        </Typography>
      </SectionCard>
    </Box>
  );
}
