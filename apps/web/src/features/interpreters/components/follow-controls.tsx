import CheckRounded from '@mui/icons-material/CheckRounded';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { TInterpreter } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorText, type RequestError } from '../../../lib/api/api-error';
import { useFollowMutation, useFollowSettingsQuery, useSaveFollowSettingsMutation } from '../api/interpreters-api';
import { interpreterName } from './board-model';

const failed = (error: RequestError) => toast.error(errorText(error));

/**
 * A toggle button ("Follow Amal Haddad", pressed while I follow): the answer's follower
 * count goes onto the board through the slice (spec §4).
 */
export function FollowButton({ interpreter }: { interpreter: TInterpreter }) {
  const { t } = useTranslation();
  const [follow, { isLoading }] = useFollowMutation();
  const { following, username } = interpreter;
  const toggle = async () => {
    const result = await follow({ username, follow: !following });
    if ('error' in result) failed(result.error);
  };
  return (
    <Button
      size="small"
      variant={following ? 'contained' : 'outlined'}
      aria-pressed={following}
      aria-label={t('interpreters.followName', { name: interpreterName(interpreter) })}
      disabled={isLoading}
      startIcon={following ? <CheckRounded /> : <PersonAddAlt1Rounded />}
      onClick={() => void toggle()}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('interpreters.follow')}
    </Button>
  );
}

/** My switch: whether a followed interpreter coming online notifies me. */
export function NotifySwitch() {
  const { t } = useTranslation();
  const { data } = useFollowSettingsQuery();
  const [save, { isLoading }] = useSaveFollowSettingsMutation();
  const change = async (notify_when_online: boolean) => {
    const result = await save({ notify_when_online });
    if ('error' in result) failed(result.error);
  };
  return (
    <FormControlLabel
      sx={{ mb: 2, mx: 0 }}
      control={
        <Switch
          checked={data?.notify_when_online ?? false}
          disabled={!data || isLoading}
          onChange={(e) => void change(e.target.checked)}
        />
      }
      label={t('interpreters.notify')}
    />
  );
}
