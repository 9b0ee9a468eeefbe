import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { useTranslation } from 'react-i18next';
import { useMatches, useParams } from 'react-router';
import type { ParseKeys } from 'i18next';
import { PageContainer } from './page-container';
import { PageHeader } from './page-header';

/** Route handle of a page a later release fills: its title's i18n key. */
export interface PlaceholderHandle {
  titleKey: ParseKeys;
}

/** A titled page for routes that later issues fill in (their guards already apply). */
export function PagePlaceholder() {
  const { t } = useTranslation();
  const params = useParams();
  const handle = useMatches()
    .map((m) => m.handle as Partial<PlaceholderHandle> | undefined)
    .reverse()
    .find((h) => h?.titleKey);
  const title = handle?.titleKey ? String(t(handle.titleKey, params)) : '';
  return (
    <PageContainer>
      <PageHeader title={title} />
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
          <ConstructionOutlined color="primary" fontSize="large" aria-hidden="true" />
          <Typography color="text.secondary">{t('placeholder.comingSoon')}</Typography>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
