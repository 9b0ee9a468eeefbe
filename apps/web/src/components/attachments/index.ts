// Files on a message (a ticket or reply, a leave request, a report): picking them and showing them.
export { AttachmentPicker, useAttachments, type Attachments } from './attachment-picker';
export { AttachmentList } from './attachment-list';
export { formatBytes } from './format-bytes';
