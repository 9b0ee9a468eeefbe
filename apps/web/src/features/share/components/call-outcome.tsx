import type { TShareCall } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { BidiTrans } from '../../../components/bidi';
import { personName } from '../../../lib/format';
import { callLimitMinutes } from '../share-format';

type Outcome =
  | { key: 'share.outcome.endedBy' | 'share.outcome.declined'; values: { name: string } }
  | { key: 'share.outcome.declinedNote'; values: { name: string; note: string } }
  | { key: 'share.outcome.timeLimit'; values: Record<string, never>; count: number }
  | {
      key:
        | 'share.outcome.unanswered'
        | 'share.outcome.timeLimitPlain'
        | 'share.outcome.disconnected'
        | 'share.outcome.waiting'
        | 'share.outcome.live';
      values: Record<string, never>;
    };

/** How a call ended (or that it has not yet), as a translation key and its values. */
export function callOutcome(call: TShareCall): Outcome {
  switch (call.end_reason) {
    case 'viewer':
    case 'target':
      return {
        key: 'share.outcome.endedBy',
        values: { name: personName(call.ended_by ?? (call.end_reason === 'viewer' ? call.viewer : call.target)) },
      };
    case 'declined': {
      const name = personName(call.ended_by ?? call.target);
      return call.decline_note
        ? { key: 'share.outcome.declinedNote', values: { name, note: call.decline_note } }
        : { key: 'share.outcome.declined', values: { name } };
    }
    case 'unanswered':
      return { key: 'share.outcome.unanswered', values: {} };
    case 'time_limit': {
      const minutes = callLimitMinutes(call);
      return minutes
        ? { key: 'share.outcome.timeLimit', values: {}, count: minutes }
        : { key: 'share.outcome.timeLimitPlain', values: {} };
    }
    case 'disconnected':
      return { key: 'share.outcome.disconnected', values: {} };
    default:
      return { key: call.status === 'active' ? 'share.outcome.live' : 'share.outcome.waiting', values: {} };
  }
}

/** The outcome as plain text (CSV). */
export function callOutcomeText(t: TFunction, call: TShareCall): string {
  const o = callOutcome(call);
  return t(o.key, { ...o.values, ...('count' in o ? { count: o.count } : {}) }) as string;
}

/** The outcome in words, names and the decline note isolated. */
export function CallOutcome({ call }: { call: TShareCall }) {
  const o = callOutcome(call);
  return <BidiTrans i18nKey={o.key} values={o.values} count={'count' in o ? o.count : undefined} />;
}
