import CheckRounded from '@mui/icons-material/CheckRounded';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import PersonRemoveRounded from '@mui/icons-material/PersonRemoveRounded';
import Box from '@mui/material/Box';
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
 * A toggle button (named "Follow Amal Haddad" in every state, pressed while I follow, as
 * a toggle's name must not change): it reads "Follow", then "Following" while I follow,
 * and "Unfollow" under the pointer or keyboard focus, where a press stops following. The
 * answer's follower count goes onto the board through the slice (spec §4).
 */
export function FollowButton({ interpreter }: { interpreter: TInterpreter }) {
  const { t } = useTranslation();
  const [follow, { isLoading }] = useFollowMutation();
  const { following, username } = interpreter;
  const toggle = async () => {
    const result = await follow({ username, follow: !following });
    if ('error' in result) failed(result.error);
  };
  // Both of the followed state's faces are laid out in one grid cell, so the button keeps
  // its width when "Following" turns into "Unfollow".
  const face = (shown: boolean) => ({
    gridArea: '1 / 1',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 0.75,
    visibility: shown ? 'visible' : 'hidden',
  });
  return (
    <Button
      size="small"
      variant={following ? 'contained' : 'outlined'}
      aria-pressed={following}
      aria-label={t('interpreters.followName', { name: interpreterName(interpreter) })}
      disabled={isLoading}
      startIcon={following ? undefined : <PersonAddAlt1Rounded />}
      onClick={() => void toggle()}
      sx={{
        whiteSpace: 'nowrap',
        ...(following && {
          display: 'inline-grid',
          '& .follow-unfollow': { visibility: 'hidden' },
          '&:hover, &.Mui-focusVisible': {
            bgcolor: 'error.main',
            color: 'error.contrastText',
            '& .follow-following': { visibility: 'hidden' },
            '& .follow-unfollow': { visibility: 'visible' },
          },
        }),
      }}
    >
      {following ? (
        <>
          <Box component="span" className="follow-following" sx={face(true)}>
            <CheckRounded fontSize="small" aria-hidden="true" />
            {t('interpreters.following')}
          </Box>
          <Box component="span" className="follow-unfollow" sx={face(false)}>
            <PersonRemoveRounded fontSize="small" aria-hidden="true" />
            {t('interpreters.unfollow')}
          </Box>
        </>
      ) : (
        t('interpreters.follow')
      )}
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
