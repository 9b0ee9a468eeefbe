import { message } from '../common/message-define.js';

/** OCR jobs. */
export const OCR_MESSAGES = {
  ocrJobNotFound: message('OCR job not found.'),
  ocrPageNotFound: message('Page not found.'),
  ocrStaffOnly: message('Only staff members use OCR.'),
  ocrOwnerOnly: message('Only the owner of this job (or an administrator) may do that.'),
  ocrChooseFiles: message('Choose at least one file.'),
  ocrFileTypeRefused: message('{{name}} cannot be read by OCR: its content must be PNG, JPEG, TIFF, WebP or PDF.', {
    name: 'text',
  }),
  ocrJobEnded: message('This job has already ended.'),
  ocrNotRetryable: message('Only a failed or cancelled job, or one with failed pages, can be retried.'),
  ocrUnreadable: message('This document cannot be read as it is; upload a readable copy instead.'),
  ocrPdfNotReady: message('The searchable PDF is ready once the job is done.'),
  // The contracts' own field messages.
  ocrChooseLanguage: message('Choose the language of the document.'),
  ocrPageInvalid: message('Not a valid page.'),
  ocrSearchMissing: message('Type a word to search for.'),
};
