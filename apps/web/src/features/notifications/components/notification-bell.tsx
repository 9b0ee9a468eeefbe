import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import VolumeOffOutlined from '@mui/icons-material/VolumeOffOutlined';
import VolumeUpOutlined from '@mui/icons-material/VolumeUpOutlined';
import { canAnnounce, type TNotification } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { useAppDispatch } from '../../../lib/store-hooks';
import { selectCurrentUser } from '../../auth';
import { loadNotifications, markAllRead, selectNotifications, setMuted } from '../notifications.slice';
import { AnnouncementForm } from './announcement-form';
import { NotificationList } from './notification-list';

/**
 * The header's bell (spec §4, §9): unread badge; the menu lists notifications with
 * 'Load More'; closing it marks every unread one read in one request; a click opens the
 * notification's url. Also the live-connection indicator, mute, and announcements.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useSelector(selectCurrentUser);
  const { items, unread, nextPage, loading, muted, live } = useSelector(selectNotifications);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [announcing, setAnnouncing] = useState(false);
  // Esc, the backdrop or Cancel with a typed message ask before throwing it away.
  const [typed, setTyped] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const closeAnnouncement = () => (typed ? setConfirmingDiscard(true) : setAnnouncing(false));

  const close = () => {
    setAnchor(null);
    void dispatch(markAllRead());
  };
  const open = (n: TNotification) => {
    close();
    if (!n.url) return;
    if (/^https?:\/\//.test(n.url)) window.open(n.url, '_blank', 'noopener');
    else void navigate(n.url);
  };

  return (
    <>
      {live === 'down' ? (
        <Tooltip title={t('notifications.liveDown')}>
          <CloudOffOutlined
            role="status"
            aria-label={t('notifications.liveDown')}
            sx={{ color: 'warning.main', mx: 0.5 }}
          />
        </Tooltip>
      ) : null}
      <IconButton
        color="inherit"
        aria-label={t('notifications.bell', { count: unread })}
        title={t('header.notifications')}
        // Every live channel's state at a glance (journeys wait for 'open' before sending).
        data-live={live}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={!!anchor}
      >
        <Badge badgeContent={unread} color="error" max={99} data-testid="notification-badge">
          <NotificationsNoneOutlined />
        </Badge>
      </IconButton>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('header.notifications') } as object }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 1.5, pt: 1 }}>
          <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
            {t('header.notifications')}
          </Typography>
          {canAnnounce(user) ? (
            <Tooltip title={t('notifications.announce.title')}>
              <IconButton
                size="small"
                aria-label={t('notifications.announce.title')}
                onClick={() => {
                  close();
                  setAnnouncing(true);
                }}
              >
                <CampaignOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
          <Tooltip title={muted ? t('notifications.unmute') : t('notifications.mute')}>
            <IconButton
              size="small"
              aria-label={muted ? t('notifications.unmute') : t('notifications.mute')}
              aria-pressed={muted}
              onClick={() => dispatch(setMuted(!muted))}
            >
              {muted ? <VolumeOffOutlined fontSize="small" /> : <VolumeUpOutlined fontSize="small" />}
            </IconButton>
          </Tooltip>
        </Box>
        <NotificationList
          items={items}
          hasMore={nextPage !== null && items.length > 0}
          loading={loading}
          onLoadMore={() => nextPage && void dispatch(loadNotifications(nextPage))}
          onOpen={open}
        />
      </Popover>
      <FormDialog open={announcing} title={t('notifications.announce.title')} onClose={closeAnnouncement}>
        <AnnouncementForm
          onSent={() => {
            setTyped(false);
            setAnnouncing(false);
          }}
          onCancel={closeAnnouncement}
          onDirtyChange={setTyped}
        />
      </FormDialog>
      <ConfirmDialog
        open={confirmingDiscard}
        title={t('notifications.announce.discardTitle')}
        body={t('notifications.announce.discardBody')}
        confirmLabel={t('notifications.announce.discard')}
        cancelLabel={t('notifications.announce.keep')}
        danger
        onConfirm={() => {
          setConfirmingDiscard(false);
          setTyped(false);
          setAnnouncing(false);
        }}
        onClose={() => setConfirmingDiscard(false)}
      />
    </>
  );
}
