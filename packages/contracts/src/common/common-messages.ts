import { message } from './message-define.js';

/**
 * Validation: what the one zod error map says about any field (`errors.ts`), the same on
 * server and web. A schema's own message ("Write a subject.") wins over these.
 */
export const VALIDATION_MESSAGES = {
  required: message('This field is required.'),
  blank: message('This field may not be blank.'),
  maxChars: message(
    { one: 'At most {{count}} character.', other: 'At most {{count}} characters.' },
    { count: 'count' },
  ),
  minChars: message(
    { one: 'At least {{count}} character.', other: 'At least {{count}} characters.' },
    { count: 'count' },
  ),
  maxNumber: message('At most {{limit}}.', { limit: 'number' }),
  minNumber: message('At least {{limit}}.', { limit: 'number' }),
  maxItems: message({ one: 'At most {{count}} item.', other: 'At most {{count}} items.' }, { count: 'count' }),
  minItems: message('Choose at least {{limit}}.', { limit: 'number' }),
  wholeNumber: message('Enter a whole number.'),
  number: message('Enter a number.'),
  text: message('Enter text.'),
  yesNo: message('Choose yes or no.'),
  list: message('Expected a list.'),
  object: message('Expected a set of fields.'),
  email: message('Enter a valid email address.'),
  dateTime: message('Enter a date and time.'),
  format: message('This value is not in the right format.'),
  choice: message('Choose one of the options.'),
  unknownField: message('Unknown field: {{fields}}.', { fields: 'text' }),
  invalid: message('This value is not valid.'),
  /** A field's problem as the one-line message of a 400 (`subject: This field is required.`). */
  fieldProblem: message('{{field}}: {{reason}}', { field: 'text', reason: 'message' }),
  invalidRequest: message('Invalid request.'),
  unstorableText: message('Remove the invisible or broken characters from this text.'),
  arabicLetters: message('Write this in Arabic letters.'),
  invalidId: message('Not a valid id.'),
  invalidCursor: message('Invalid cursor.'),
};

/** What any route may answer: access, missing records, the request itself, the service. */
export const COMMON_MESSAGES = {
  notAuthenticated: message('Authentication credentials were not provided or are invalid.'),
  permissionDenied: message('You do not have permission to perform this action.'),
  staffOnly: message('The portal is for staff only.'),
  apiKeyInvalid: message('The API key is wrong or revoked.'),
  notFound: message('Not found.'),
  attachmentNotFound: message('Attachment not found.'),
  departmentNotFound: message('Department not found.'),
  userNotFound: message('User not found.'),
  internalError: message('Internal server error.'),
  serviceUnavailable: message('The service is temporarily unavailable. Try again shortly.'),
  bodyTooLarge: message('Request body is too large (limit 1 MiB).'),
  urlTooLong: message(
    {
      one: 'The URL is too long (limit {{count}} byte of path and query).',
      other: 'The URL is too long (limit {{count}} bytes of path and query).',
    },
    { count: 'count' },
  ),
  requestTimeout: message('The request took too long to arrive.'),
  headersTooLarge: message('The request headers are too large.'),
  malformedRequest: message('Malformed HTTP request.'),
  /** Fastify's own refusals (a body that is not JSON, a media type no route reads…). */
  invalidJson: message('The request body is not valid JSON.'),
  unsupportedMediaType: message('This kind of request body is not accepted here.'),
  requestRefused: message('The request could not be accepted.'),
  // The socket gateway (upgrade refusals and error frames).
  originNotAllowed: message('Origin not allowed.'),
  socketOneToken: message('Send one token.'),
  socketTooManyMessages: message('Too many messages; slow down.'),
  socketMalformed: message('Malformed message: expected JSON.'),
  socketUnknownCommand: message('Unknown command.'),
  socketRequestFailed: message('Request failed.'),
};

/** Uploads (lib/files): multipart bodies, file checks, quotas, image budgets. */
export const FILE_MESSAGES = {
  multipartMalformed: message('Malformed multipart body.'),
  tooManyFormFields: message('Too many form fields.'),
  formValueTooLong: message('This value is too long.'),
  uploadsInProgress: message(
    {
      one: 'You already have {{count}} upload in progress. Wait for one to finish, then try again.',
      other: 'You already have {{count}} uploads in progress. Wait for one to finish, then try again.',
    },
    { count: 'count' },
  ),
  filesPerMessage: message(
    { one: 'At most {{count}} file per message.', other: 'At most {{count}} files per message.' },
    { count: 'count' },
  ),
  fileTooLarge: message('{{name}} is larger than {{limit}}.', { name: 'text', limit: 'text' }),
  fileEmpty: message('{{name}} is empty.', { name: 'text' }),
  fileTypeRefused: message('{{name}} is not an allowed file type (its content must be PNG, JPEG, PDF or plain text).', {
    name: 'text',
  }),
  storageQuotaExceeded: message(
    'Storage quota exceeded: you have used {{used}} of your {{quota}}, and these files need {{incoming}} more. Ask an administrator for more room.',
    { used: 'text', quota: 'text', incoming: 'text' },
  ),
  imagePageTooLarge: message(
    '{{name}} is too large to read: a page of {{pixels}} megapixels, and at most {{limit}} megapixels a page are read. Scan it at a lower resolution (300 dpi is plenty).',
    { name: 'text', pixels: 'number', limit: 'number' },
  ),
  imageDocumentTooLarge: message(
    '{{name}} is too large to read: {{pixels}} megapixels in all, and at most {{limit}} megapixels a document are read. Scan it at a lower resolution or split it.',
    { name: 'text', pixels: 'number', limit: 'number' },
  ),
};
