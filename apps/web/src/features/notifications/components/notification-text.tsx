import {
  NOTIFICATION_KINDS,
  parseNotificationContent,
  pickLocalName,
  type NotificationKindDefinition,
  type TNotification,
  type TNotificationContent,
  type TNotificationParamType,
} from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { formatCalendarDate, formatDateTime, formatList, formatNumber } from '../../../lib/format';

type Key = 'notifications.empty';

/** A KPI value in the reader's number format: "92.5%", "310s", "4.2". */
function kpiValue(v: { unit: string; value: number }): string {
  if (v.unit === 'percent') return formatNumber(v.value / 100, { style: 'percent', maximumFractionDigits: 4 });
  if (v.unit === 'seconds') {
    return formatNumber(v.value, { style: 'unit', unit: 'second', unitDisplay: 'narrow', maximumFractionDigits: 4 });
  }
  return formatNumber(v.value, { maximumFractionDigits: 4 });
}

const day = (iso: string) => formatCalendarDate(iso, 'date');

type Named = { name: string; name_ar: string | null };

/**
 * How each type of parameter reads in `language` (people's names and words as written;
 * names an administrator gave in both languages in the reader's, else the other one).
 */
const FORMATS: { [T in TNotificationParamType]: (t: TFunction, value: never, language: string) => string } = {
  name: (_t, v: string) => v,
  text: (_t, v: string) => v,
  count: (_t, v: number) => formatNumber(v, { maximumFractionDigits: 2 }),
  id: (_t, v: number) => String(v),
  dates: (t, v: { from: string; to: string }) =>
    v.from === v.to ? day(v.from) : t('notifications.dates', { from: day(v.from), to: day(v.to) }),
  dateTime: (_t, v: string) => formatDateTime(v),
  userType: (_t, v: string) => v,
  ticketStatus: (t, v: string) => t(`notifications.values.ticketStatus.${v}` as Key),
  ticketPriority: (t, v: string) => t(`notifications.values.ticketPriority.${v}` as Key),
  slaKind: (t, v: string) => t(`notifications.values.slaKind.${v}` as Key),
  // HR's Arabic name on an Arabic page; else seeded types by their translated name, HR's own as HR named them.
  leaveType: (t, v: Named & { code: string | null }, language) =>
    language.startsWith('ar') && v.name_ar?.trim()
      ? v.name_ar.trim()
      : v.code
        ? t(`leaves.types.${v.code}` as Key, { defaultValue: v.name })
        : v.name,
  localName: (_t, v: Named, language) => pickLocalName(v, language),
  localNames: (_t, v: Named[], language) => formatList(v.map((n) => pickLocalName(n, language))),
  kpiPeriod: (t, v: { period: string; start: string }) =>
    v.period === 'weekly'
      ? t('notifications.weekOf', { date: day(v.start) })
      : formatCalendarDate(v.start, 'monthYear'),
  kpiValue: (_t, v: { unit: string; value: number }) => kpiValue(v),
};

/** The locale key of a notification's text: `notifications.kinds.<kind>`, `…_comment` when it carries one. */
export function notificationKey(content: TNotificationContent): string {
  const def: NotificationKindDefinition = NOTIFICATION_KINDS[content.kind];
  const comment = (content.params as { comment?: unknown }).comment;
  const withComment = def.withComment !== undefined && typeof comment === 'string' && comment !== '';
  return `notifications.kinds.${content.kind}${withComment ? '_comment' : ''}`;
}

/** Each parameter in the reader's formats and `language`, by name. */
export function formatNotificationParams(
  t: TFunction,
  content: TNotificationContent,
  language: string,
): Record<string, string> {
  const types = NOTIFICATION_KINDS[content.kind].params as Record<string, TNotificationParamType>;
  const params = content.params as Record<string, never>;
  return Object.fromEntries(
    Object.entries(types).map(([name, type]) => [name, FORMATS[type](t, params[name]!, language)]),
  );
}

// A character no translation contains: marks where each value goes in the translated text.
const MARK = '\u0001';

/**
 * A notification in the reader's language: its kind's text with each value in the
 * reader's formats, each isolated in a <Bidi> (names, subjects and dates keep their order
 * in a right-to-left sentence). The plural form follows `count`. A kind this client does
 * not know (a newer server's), or parameters that do not fit it, read as the server's
 * English `message`.
 */
export function NotificationText({
  notification,
}: {
  notification: Pick<TNotification, 'kind' | 'params' | 'message'>;
}) {
  const { t, i18n } = useTranslation();
  const content = parseNotificationContent(notification.kind, notification.params);
  if (!content) return <Bidi>{notification.message}</Bidi>;
  const values = formatNotificationParams(t, content, i18n.resolvedLanguage ?? i18n.language);
  const names = Object.keys(values);
  const marks = Object.fromEntries(names.map((name, i) => [name, `${MARK}${i}${MARK}`]));
  const count = (content.params as { count?: number }).count;
  // `replace` holds what is written in; `count` (a number) only picks the plural form.
  const text = t(notificationKey(content) as Key, { replace: marks, ...(count === undefined ? {} : { count }) });
  return (
    <>
      {text.split(MARK).map((part, i) =>
        // Odd parts are the marks' numbers; even parts the translation's own words.
        i % 2 === 1 ? <Bidi key={i}>{values[names[Number(part)] ?? '']}</Bidi> : part,
      )}
    </>
  );
}
