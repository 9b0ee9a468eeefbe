import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ZLeaveSettings, type TLeaveSettings } from '@portal/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { SectionCard } from '../../../components/section-card';
import { issueSaid } from '../../../components/form/field-error-text';
import { errorText, fieldMessages, saidText, type Said } from '../../../lib/api/api-error';
import { formatCalendarDate } from '../../../lib/format';
import { useLeaveSettingsQuery, useUpdateLeaveSettingsMutation } from '../api/leaves-api';

/** JavaScript's day numbers (0 = Sunday) and a Sunday to name each one by (22 Nov 2026). */
const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const weekdayName = (day: number) => formatCalendarDate(`2026-11-${22 + day}`, 'weekdayLong');

type Errors = Partial<Record<keyof TLeaveSettings, Said>>;

/** The share (0–1) as a whole percentage for the input, and back; NaN when it is not a number. */
const toPercent = (share: number) => String(Math.round(share * 100));
const toShare = (percent: string) => (/^\d+(\.\d+)?$/.test(percent.trim()) ? Number(percent) / 100 : Number.NaN);

function WorkingWeekForm({ settings }: { settings: TLeaveSettings }) {
  const { t } = useTranslation();
  const [update, { isLoading }] = useUpdateLeaveSettingsMutation();
  const [weekend, setWeekend] = useState<number[]>(settings.weekend_days);
  const [percent, setPercent] = useState(toPercent(settings.coverage_warning_share));
  const [errors, setErrors] = useState<Errors>({});

  const toggle = (day: number, on: boolean) =>
    setWeekend((days) => (on ? [...days, day].sort((a, b) => a - b) : days.filter((d) => d !== day)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZLeaveSettings.safeParse({ weekend_days: weekend, coverage_warning_share: toShare(percent) });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof TLeaveSettings] ??= issueSaid(issue);
      return setErrors(next);
    }
    setErrors({});
    const result = await update(parsed.data);
    if ('error' in result) {
      const fields = fieldMessages(result.error);
      const server: Errors = {
        weekend_days: fields.weekend_days?.[0],
        coverage_warning_share: fields.coverage_warning_share?.[0],
      };
      if (server.weekend_days || server.coverage_warning_share) setErrors(server);
      else toast.error(errorText(result.error));
      return;
    }
    toast.success(t('leaveSettings.weekSaved'));
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(e) => void submit(e)}>
      <FormControl component="fieldset" error={!!errors.weekend_days}>
        <FormLabel component="legend">{t('leaveSettings.weekendDays')}</FormLabel>
        <FormGroup row>
          {WEEKDAYS.map((day) => (
            <FormControlLabel
              key={day}
              label={weekdayName(day)}
              control={
                <Checkbox
                  name="weekend_days"
                  checked={weekend.includes(day)}
                  onChange={(e) => toggle(day, e.target.checked)}
                />
              }
            />
          ))}
        </FormGroup>
        <FormHelperText>
          {errors.weekend_days ? saidText(errors.weekend_days) : t('leaveSettings.weekendHint')}
        </FormHelperText>
      </FormControl>
      <TextField
        name="coverage_warning_share"
        label={t('leaveSettings.coverageShare')}
        value={percent}
        onChange={(e) => setPercent(e.target.value)}
        error={!!errors.coverage_warning_share}
        helperText={
          errors.coverage_warning_share ? saidText(errors.coverage_warning_share) : t('leaveSettings.coverageHint')
        }
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ maxWidth: 360 }}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('leaveSettings.saveWeek')}
        </Button>
      </Box>
    </Stack>
  );
}

/** Weekend days and the coverage warning share. */
export function WorkingWeekSection() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useLeaveSettingsQuery();
  return (
    <SectionCard title={t('leaveSettings.weekTitle')}>
      {error ? <Alert severity="error">{errorText(error)}</Alert> : null}
      {isLoading ? <Skeleton variant="rounded" height={120} /> : null}
      {/* Keyed by the saved values, so a change elsewhere (another HR tab) refills the form. */}
      {data ? <WorkingWeekForm key={JSON.stringify(data)} settings={data} /> : null}
    </SectionCard>
  );
}
