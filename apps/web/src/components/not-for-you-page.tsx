import Button from '@mui/material/Button';
import type { ParseKeys } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from './status-page';

/**
 * A page opened by someone it is not for (a shared link, a typed address, an old
 * bookmark): say why, with one way on, rather than send them home silently. Every guarded
 * page refuses with this one page, so a refusal always looks and reads the same.
 */
export function NotForYouPage({
  title,
  body,
  to = '/',
  action,
}: {
  title: string;
  body: string;
  /** Where the one button goes (home unless the refusal has a better place). */
  to?: string;
  action?: string;
}) {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="403"
      title={title}
      body={body}
      actions={
        <Button component={Link} to={to} variant="contained">
          {action ?? t('notForYou.goHome')}
        </Button>
      }
    />
  );
}

function KeyedNotForYouPage({ titleKey, bodyKey }: { titleKey: ParseKeys; bodyKey: ParseKeys }) {
  const { t } = useTranslation();
  return <NotForYouPage title={t(titleKey)} body={t(bodyKey)} />;
}

/**
 * The refusal for a route's guard declared as data (a feature's `index.ts` has no `t`):
 * `guard: { allow: canViewEventLogs, denied: notForYou('eventLogs.notForYouTitle', …) }`.
 */
export function notForYou(titleKey: ParseKeys, bodyKey: ParseKeys): ReactElement {
  return createElement(KeyedNotForYouPage, { titleKey, bodyKey });
}
