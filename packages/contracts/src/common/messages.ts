import { AUTH_MESSAGES } from '../auth/auth-messages.js';
import { PASSKEY_MESSAGES } from '../auth/passkey-messages.js';
import { IDENTITY_MESSAGES } from '../auth/identity-mapping-messages.js';
import { SSO_MESSAGES } from '../auth/sso-messages.js';
import { INTERPRETER_MESSAGES } from '../interpreters/interpreter-messages.js';
import { IT_MESSAGES } from '../it/it-messages.js';
import { KPI_MESSAGES } from '../kpi/kpi-messages.js';
import { LEAVE_MESSAGES } from '../leaves/leave-messages.js';
import { ANNOUNCEMENT_MESSAGES } from '../notifications/announcement-messages.js';
import { OCR_MESSAGES } from '../ocr/ocr-messages.js';
import { REPORT_MESSAGES } from '../reports/report-messages.js';
import { SHARE_MESSAGES } from '../share/share-messages.js';
import { TICKET_MESSAGES } from '../tickets/ticket-messages.js';
import { WFM_MESSAGES } from '../wfm/wfm-messages.js';
import { COMMON_MESSAGES, FILE_MESSAGES, VALIDATION_MESSAGES } from './common-messages.js';
import type { MessageDefinition, ParamKind } from './message-define.js';

/**
 * The catalogue of every message the server can send a person (errors and field errors):
 * a stable camelCase code, the kind of each value, and the English text. The server
 * builds messages only from codes (`badRequest('leaveOverlapOwn', {from, to})`); the API
 * answers the code and its values beside the English `message`, and the web says it in
 * the reader's language (`messages.<code>` in its locales) with its own date and number
 * formats. A feature adds its messages in its own `<feature>-messages.ts`, listed here.
 */
export const MESSAGE_LISTS = [
  VALIDATION_MESSAGES,
  COMMON_MESSAGES,
  FILE_MESSAGES,
  AUTH_MESSAGES,
  PASSKEY_MESSAGES,
  IDENTITY_MESSAGES,
  SSO_MESSAGES,
  TICKET_MESSAGES,
  LEAVE_MESSAGES,
  WFM_MESSAGES,
  INTERPRETER_MESSAGES,
  KPI_MESSAGES,
  REPORT_MESSAGES,
  IT_MESSAGES,
  OCR_MESSAGES,
  SHARE_MESSAGES,
  ANNOUNCEMENT_MESSAGES,
] as const;

export const MESSAGES = {
  ...VALIDATION_MESSAGES,
  ...COMMON_MESSAGES,
  ...FILE_MESSAGES,
  ...AUTH_MESSAGES,
  ...PASSKEY_MESSAGES,
  ...IDENTITY_MESSAGES,
  ...SSO_MESSAGES,
  ...TICKET_MESSAGES,
  ...LEAVE_MESSAGES,
  ...WFM_MESSAGES,
  ...INTERPRETER_MESSAGES,
  ...KPI_MESSAGES,
  ...REPORT_MESSAGES,
  ...IT_MESSAGES,
  ...OCR_MESSAGES,
  ...SHARE_MESSAGES,
  ...ANNOUNCEMENT_MESSAGES,
};

type Catalogue = typeof MESSAGES;
export type MessageCode = keyof Catalogue;

/** What each kind of value holds on the wire. */
interface KindValues {
  text: string;
  /** `YYYY-MM-DD` */
  date: string;
  number: number;
  count: number;
  year: number;
  message: TMessage;
}

/** The values message `C` needs, typed by their kinds. */
export type MessageParams<C extends MessageCode> = {
  -readonly [K in keyof Catalogue[C]['params']]: KindValues[Catalogue[C]['params'][K] & ParamKind];
};

type MessageOf<C extends MessageCode> = keyof MessageParams<C> extends never
  ? { code: C; params?: undefined }
  : { code: C; params: MessageParams<C> };

/** A message by code, with exactly the values its code declares. */
export type TMessage = { [C in MessageCode]: MessageOf<C> }[MessageCode];

/** The rest-arguments after a code: nothing, or its values. */
export type MessageArgs<C extends MessageCode> = keyof MessageParams<C> extends never ? [] : [params: MessageParams<C>];

/** `msg('leaveOverlapOwn', {from, to})`: a message, its values checked against its code. */
export function msg<C extends MessageCode>(code: C, ...args: MessageArgs<C>): TMessage {
  return (args.length ? { code, params: args[0] } : { code }) as TMessage;
}

const DEFINITIONS: Readonly<Record<string, MessageDefinition>> = MESSAGES;

export const isMessageCode = (code: unknown): code is MessageCode =>
  typeof code === 'string' && Object.hasOwn(DEFINITIONS, code);

/** A message's definition: its English text(s) and the kind of each value. */
export function messageDefinition(code: MessageCode): MessageDefinition {
  return DEFINITIONS[code]!;
}

const englishPlural = new Intl.PluralRules('en');

/** The English text of a message with its values (the plural form picked by `count`). */
export function messageText(m: TMessage): string {
  const { en } = DEFINITIONS[m.code]!;
  const params = (m.params ?? {}) as Record<string, string | number | TMessage>;
  const template =
    typeof en === 'string' ? en : englishPlural.select(Number(params.count)) === 'one' ? en.one : en.other;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    return typeof value === 'object' ? messageText(value) : String(value);
  });
}

/** The English text of `code` with its values. */
export function fillMessage<C extends MessageCode>(code: C, ...args: MessageArgs<C>): string {
  return messageText(msg(code, ...args));
}

/** Texts the contracts' schemas give zod, each with the message it says. */
const SCHEMA_MESSAGES = new Map<string, TMessage>();

/**
 * The English text of a message, for a zod schema's own message (`.min(1,
 * schemaMessage('subjectMissing'))`). The text is remembered, so an issue that carries it
 * is answered with its code (`issueMessage`); only the contracts' schemas call this, so the
 * set stays as small as the schemas.
 */
export function schemaMessage<C extends MessageCode>(code: C, ...args: MessageArgs<C>): string {
  return schemaText(msg(code, ...args));
}

/** `schemaMessage` for a message already built. */
export function schemaText(m: TMessage): string {
  const text = messageText(m);
  SCHEMA_MESSAGES.set(text, m);
  return text;
}

/** The message a schema's own text stands for, if a schema gave it (see `schemaMessage`). */
export const schemaMessageOf = (text: string): TMessage | undefined => SCHEMA_MESSAGES.get(text);
export type { MessageDefinition, ParamKind, PluralText } from './message-define.js';
