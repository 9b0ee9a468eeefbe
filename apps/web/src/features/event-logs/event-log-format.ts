import { EVENT_ACTIONS, type TEventLog } from '@portal/contracts';
import type { TFunction } from 'i18next';
import type en from '../../lib/i18n/locales/en.json';

type Labels = (typeof en)['translation']['eventLogs'];
type ActionKey = keyof Labels['actionNames'];
type TargetTypeKey = keyof Labels['targetTypes'];

/**
 * An action's label in the current language. i18next splits keys on ".", so the code's dots
 * are "_" in its key; a code without a label (a record written by an older or newer server)
 * is shown as it is.
 */
export function actionLabel(t: TFunction, code: string): string {
  // An empty key would name the whole `actionNames` object.
  if (!code) return code;
  return t(`eventLogs.actionNames.${code.replace(/\./g, '_') as ActionKey}`, { defaultValue: code });
}

/** A record's type (`target_type`) in the current language, or as the server wrote it. */
export function targetTypeLabel(t: TFunction, type: string): string {
  if (!type) return type;
  return t(`eventLogs.targetTypes.${type as TargetTypeKey}`, { defaultValue: type });
}

/** "User #4" (a record without an id, such as the leave settings, is its type alone). */
export function recordText(t: TFunction, r: Pick<TEventLog, 'target_type' | 'target_id'>): string {
  if (!r.target_type) return '';
  const type = targetTypeLabel(t, r.target_type);
  return r.target_id ? `${type} #${r.target_id}` : type;
}

/** The action filter's choices: every code with its label, in the language's order of the labels. */
export function actionOptions(t: TFunction, language: string): { code: string; label: string }[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  return EVENT_ACTIONS.map((code) => ({ code, label: actionLabel(t, code) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}
