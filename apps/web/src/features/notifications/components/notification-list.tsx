import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { TNotification } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDateTime } from '../../../lib/format';
import { NotificationText } from './notification-text';

/** Spec §9: the menu is at most 350 px tall; each card is 250 px wide. */
export const MENU_MAX_HEIGHT = 350;
export const CARD_WIDTH = 250;

interface Props {
  items: TNotification[];
  hasMore: boolean;
  loading: boolean;
  onLoadMore(): void;
  onOpen(n: TNotification): void;
}

export function NotificationList({ items, hasMore, loading, onLoadMore, onOpen }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ maxHeight: MENU_MAX_HEIGHT, overflowY: 'auto', p: 1, display: 'grid', gap: 1 }}
      data-testid="notification-list"
    >
      {items.length === 0 && !loading ? (
        <Typography color="text.secondary" sx={{ width: CARD_WIDTH, p: 1 }}>
          {t('notifications.empty')}
        </Typography>
      ) : null}
      {items.map((n) => (
        <Card
          key={n.id}
          variant="outlined"
          sx={{
            width: CARD_WIDTH,
            borderInlineStart: 4,
            borderInlineStartColor: n.is_read ? 'divider' : 'primary.main',
          }}
        >
          {/* Named by its content: "Unread" (shown by colour and weight, so said in words
              too), the message in the reader's language and its time. */}
          <CardActionArea onClick={() => onOpen(n)} sx={{ p: 1.25 }}>
            <Typography variant="body2" sx={{ fontWeight: n.is_read ? 400 : 600, overflowWrap: 'anywhere' }}>
              {n.is_read ? null : (
                <>
                  <Box component="span" sx={visuallyHidden}>
                    {t('notifications.unreadItem')}
                  </Box>{' '}
                </>
              )}
              <NotificationText notification={n} />
            </Typography>
            <Typography variant="caption" color="text.secondary">
              <Bidi>
                <time dateTime={n.timestamp}>{formatDateTime(n.timestamp)}</time>
              </Bidi>
            </Typography>
          </CardActionArea>
        </Card>
      ))}
      {hasMore ? (
        <Button onClick={onLoadMore} disabled={loading} size="small">
          {t('notifications.loadMore')}
        </Button>
      ) : null}
    </Box>
  );
}
