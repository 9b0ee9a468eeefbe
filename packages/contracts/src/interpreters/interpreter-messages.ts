import { message } from '../common/message-define.js';

/** Interpreters, presence feeds and integration keys. */
export const INTERPRETER_MESSAGES = {
  interpreterNotFound: message('No interpreter has this username.'),
  activeInterpreterNotFound: message('No active interpreter has this username.'),
  presenceOwnOnly: message('You may report only your own presence.'),
  presenceRepeated: message('Already received; applied once.'),
  presenceTooOld: message(
    {
      one: 'The event time is more than {{count}} second before the server clock: send events as they happen.',
      other: 'The event time is more than {{count}} seconds before the server clock: send events as they happen.',
    },
    { count: 'count' },
  ),
  presenceAhead: message(
    {
      one: 'The event time is more than {{count}} second ahead of the server clock: check the sender clock.',
      other: 'The event time is more than {{count}} seconds ahead of the server clock: check the sender clock.',
    },
    { count: 'count' },
  ),
  // The contracts' own field messages.
  chooseLanguagePair: message('Choose a language pair.'),
  languagePairFormat: message('Write a pair like Arabic↔English.'),
  languagePairsTooMany: message('At most 10 language pairs.'),
  chooseFollow: message('Choose follow or unfollow.'),
  usernameMissing: message('Give the username.'),
  onlineMissing: message('Say online true or false.'),
  presenceTimeFormat: message('Give the time as ISO 8601 with an offset.'),
  eventIdMissing: message('Give the event id.'),
  eventsMissing: message('Send at least one event.'),
  eventsTooMany: message('At most 500 events at once.'),
  integrationNameMissing: message('Name the integration.'),
};
