import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { TIdentityMappingPreview, TIdentityOutcome } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { departmentName } from '../../../components/department-name';

/** "HR, manager" / "refused at sign-in": what a person is, or would be, in the portal. */
export function outcomeText(t: TFunction, outcome: TIdentityOutcome): string {
  if (!outcome) return t('admin.mapping.refused');
  const flags = [
    ...(outcome.is_manager ? [t('account.manager')] : []),
    ...(outcome.is_director ? [t('account.director')] : []),
  ];
  return [departmentName(t, outcome.user_type), ...flags].join(t('admin.mapping.separator'));
}

/** Whom a draft changes, shown before it is saved: "affects N people" and each person's current → new. */
export function IdentityMappingPreview({ preview }: { preview: TIdentityMappingPreview }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Alert severity={preview.count ? 'warning' : 'info'} sx={{ mb: 1 }} role="status">
        {preview.count ? t('admin.mapping.affects', { count: preview.count }) : t('admin.mapping.affectsNobody')}
      </Alert>
      {preview.count ? (
        <List dense aria-label={t('admin.mapping.affectedList')} sx={{ maxHeight: 280, overflow: 'auto' }}>
          {preview.affected.map((a) => (
            <ListItem key={a.user.id} disableGutters>
              <ListItemText
                primary={
                  <Bidi>{[a.user.first_name, a.user.last_name].filter(Boolean).join(' ') || a.user.username}</Bidi>
                }
                secondary={t('admin.mapping.change', {
                  from: outcomeText(t, a.current),
                  to: outcomeText(t, a.next),
                })}
              />
            </ListItem>
          ))}
        </List>
      ) : null}
    </Box>
  );
}
