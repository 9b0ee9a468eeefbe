import { message } from '../common/message-define.js';

/** Announcements (the bell's own notifications are kinds, not messages). */
export const ANNOUNCEMENT_MESSAGES = {
  announceRestricted: message('Only ADMIN, HR and directors can send announcements.'),
  announcementMissing: message('Write a message.'),
  chooseLevels: message('Choose at least one user type.'),
  portalPath: message('Enter a portal path such as /ticket/12.'),
};
