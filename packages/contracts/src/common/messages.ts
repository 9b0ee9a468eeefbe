/**
 * User-facing messages that carry values ("You already have leave from … to …."). The
 * server builds them only through `fillMessage`, so the web can recognise each one by its
 * template and translate it (`serverTemplates.<key>` in its locales) with the same values;
 * a template literal would reach an Arabic page in English.
 *
 * A template with a `{{count}}` comes as `<key>_one` / `<key>_other` (English plural forms,
 * picked by `count`); the web passes `count` to i18next, which picks Arabic's six forms.
 * `{{reason}}` always holds another server message (the web translates it too).
 */
export const MESSAGE_TEMPLATES = {
  // leaves
  leaveTypeRetired: '{{type}} is no longer offered; choose another type.',
  leaveTypeWholeDays: '{{type}} is taken in whole days only.',
  leaveStartTooEarly_one: 'A leave cannot start more than {{count}} day ago; ask HR to record it.',
  leaveStartTooEarly_other: 'A leave cannot start more than {{count}} days ago; ask HR to record it.',
  leaveDocumentRequired_one: 'Attach a supporting document: {{type}} longer than {{count}} day needs one.',
  leaveDocumentRequired_other: 'Attach a supporting document: {{type}} longer than {{count}} days needs one.',
  leaveOverlapOwn: 'You already have leave from {{from}} to {{to}}.',
  leaveOverlapOther: '{{name}} already has leave from {{from}} to {{to}}.',
  leaveBalanceShort_one: 'Only {{count}} day of {{type}} left in {{year}}; this takes {{days}}.',
  leaveBalanceShort_other: 'Only {{count}} days of {{type}} left in {{year}}; this takes {{days}}.',
  leaveAllowanceShort_one: 'This leaves {{name}} {{count}} day short of {{type}} in {{year}}.',
  leaveAllowanceShort_other: 'This leaves {{name}} {{count}} days short of {{type}} in {{year}}.',
  // tickets
  bulkRefused: '{{tickets}}: {{reason}}',
  bulkTooMany_one: 'At most {{count}} ticket at once.',
  bulkTooMany_other: 'At most {{count}} tickets at once.',
  ticketReopenExpired_one:
    'This ticket was closed more than {{count}} day ago and can no longer be reopened; open a new ticket.',
  ticketReopenExpired_other:
    'This ticket was closed more than {{count}} days ago and can no longer be reopened; open a new ticket.',
  cannedShortcutTaken: 'Another canned reply of this desk uses /{{shortcut}}.',
  cannedRepliesFull_one: 'This desk already has {{count}} canned reply: remove one before adding another.',
  cannedRepliesFull_other: 'This desk already has {{count}} canned replies: remove one before adding another.',
  // files and requests
  uploadsInProgress_one: 'You already have {{count}} upload in progress. Wait for one to finish, then try again.',
  uploadsInProgress_other: 'You already have {{count}} uploads in progress. Wait for one to finish, then try again.',
  filesPerMessage_one: 'At most {{count}} file per message.',
  filesPerMessage_other: 'At most {{count}} files per message.',
  storageQuotaExceeded:
    'Storage quota exceeded: you have used {{used}} of your {{quota}}, and these files need {{incoming}} more. Ask an administrator for more room.',
  imagePageTooLarge:
    '{{name}} is too large to read: a page of {{pixels}} megapixels, and at most {{limit}} megapixels a page are read. Scan it at a lower resolution (300 dpi is plenty).',
  imageDocumentTooLarge:
    '{{name}} is too large to read: {{pixels}} megapixels in all, and at most {{limit}} megapixels a document are read. Scan it at a lower resolution or split it.',
  urlTooLong_one: 'The URL is too long (limit {{count}} byte of path and query).',
  urlTooLong_other: 'The URL is too long (limit {{count}} bytes of path and query).',
  // workforce management
  shiftImportLine: 'Line {{line}}: {{reason}}',
  shiftImportFailed_one: '{{count}} line could not be imported.',
  shiftImportFailed_other: '{{count}} lines could not be imported.',
  shiftImportTooMany_one: 'At most {{count}} row per import.',
  shiftImportTooMany_other: 'At most {{count}} rows per import.',
  wfmRangeTooLong_one: 'Choose at most {{count}} day.',
  wfmRangeTooLong_other: 'Choose at most {{count}} days.',
  // presence
  presenceTooOld_one:
    'The event time is more than {{count}} second before the server clock: send events as they happen.',
  presenceTooOld_other:
    'The event time is more than {{count}} seconds before the server clock: send events as they happen.',
  presenceAhead_one: 'The event time is more than {{count}} second ahead of the server clock: check the sender clock.',
  presenceAhead_other:
    'The event time is more than {{count}} seconds ahead of the server clock: check the sender clock.',
  // screen sharing
  shareTargetOffline: '{{name}} has neither the portal nor the sharing page open now.',
  shareViewersFull_one: 'Already watched by {{viewers}} of {{count}} allowed viewer; try again later.',
  shareViewersFull_other: 'Already watched by {{viewers}} of {{count}} allowed viewers; try again later.',
  shareSnapshotsFull_one: 'A call keeps at most {{count}} snapshot.',
  shareSnapshotsFull_other: 'A call keeps at most {{count}} snapshots.',
  // reports
  reportSubjectsRefused: 'You may not write a report about: {{names}}.',
  reportBodyTooDeep_one:
    'The report is nested too deeply to print: at most {{count}} level of lists, quotes and formatting inside each other.',
  reportBodyTooDeep_other:
    'The report is nested too deeply to print: at most {{count}} levels of lists, quotes and formatting inside each other.',
  reportBodyTooManyBlocks_one:
    'The report is too long to print: at most {{count}} paragraph, heading, list item, line break or table row. Split it into several reports.',
  reportBodyTooManyBlocks_other:
    'The report is too long to print: at most {{count}} paragraphs, headings, list items, line breaks and table rows. Split it into several reports.',
  reportBodyTooManyCells_one:
    'The report’s tables are too large to print: at most {{count}} cell in all. Attach larger tables as a file.',
  reportBodyTooManyCells_other:
    'The report’s tables are too large to print: at most {{count}} cells in all. Attach larger tables as a file.',
  reportBodyTooMuchText_one:
    'The report is too long to print: at most {{count}} character of text. Split it into several reports.',
  reportBodyTooMuchText_other:
    'The report is too long to print: at most {{count}} characters of text. Split it into several reports.',
  reportPdfTimedOut_one:
    'The PDF could not be made: laying out this report took longer than {{count}} second. Shorten it or split it into several reports.',
  reportPdfTimedOut_other:
    'The PDF could not be made: laying out this report took longer than {{count}} seconds. Shorten it or split it into several reports.',
  /** A field's problem as the one-line message of a 400 (`subject: This field is required.`). */
  fieldProblem: '{{field}}: {{reason}}',
} as const;

type TemplateName = keyof typeof MESSAGE_TEMPLATES;
type Stem<K> = K extends `${infer S}_${'one' | 'other'}` ? S : K;
/** A message's name, without the plural suffix (`leaveBalanceShort`). */
export type MessageKey = Stem<TemplateName>;
type TemplatesOf<K extends MessageKey> = (typeof MESSAGE_TEMPLATES)[Extract<
  TemplateName,
  K | `${K}_one` | `${K}_other`
>];
type Placeholders<T extends string> = T extends `${string}{{${infer P}}}${infer Rest}` ? P | Placeholders<Rest> : never;
export type MessageVars<K extends MessageKey> = {
  [P in Placeholders<TemplatesOf<K>>]: P extends 'count' ? number : string | number;
};

/**
 * What a placeholder may hold, where "anything" would make templates ambiguous
 * (`{{field}}: {{reason}}` must not swallow "Attach a supporting document: …").
 */
const VALUE_PATTERNS: Partial<Record<string, string>> = {
  count: String.raw`-?\d+(?:\.\d+)?`,
  tickets: String.raw`#\d+(?:, #\d+)*`,
  field: String.raw`[a-z_][\w.-]*`, // request fields are snake_case: "Note: …" is no field
};

const englishPlural = new Intl.PluralRules('en');

/** The English text of message `key` with its values (the plural form picked by `count`). */
export function fillMessage<K extends MessageKey>(key: K, vars: MessageVars<K>): string {
  const values = vars as Record<string, string | number>;
  const templates = MESSAGE_TEMPLATES as Record<string, string>;
  const name = typeof values.count === 'number' ? `${key}_${englishPlural.select(values.count)}` : key;
  const template = templates[name] ?? templates[`${key}_other`] ?? templates[key]!;
  return template.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(values[p]));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each template as a pattern, most literal text first so a specific one wins over a loose one. */
const MESSAGE_PATTERNS = Object.entries(MESSAGE_TEMPLATES as Record<string, string>)
  .map(([name, template]) => {
    const parts = template.split(/\{\{(\w+)\}\}/);
    const source = parts
      .map((part, i) => (i % 2 === 0 ? escapeRegExp(part) : `(?<${part}>${VALUE_PATTERNS[part] ?? '.+?'})`))
      .join('');
    return {
      key: name.replace(/_(one|other)$/, '') as MessageKey,
      pattern: new RegExp(`^${source}$`),
      literal: parts.filter((_, i) => i % 2 === 0).join('').length,
    };
  })
  .sort((a, b) => b.literal - a.literal);

/** Which template `text` was filled from, and its values (counts as numbers); undefined: none. */
export function matchMessage(text: string): { key: MessageKey; vars: Record<string, string | number> } | undefined {
  for (const { key, pattern } of MESSAGE_PATTERNS) {
    const groups = pattern.exec(text)?.groups;
    if (!groups) continue;
    const vars: Record<string, string | number> = { ...groups };
    if (groups.count !== undefined) vars.count = Number(groups.count);
    return { key, vars };
  }
  return undefined;
}
