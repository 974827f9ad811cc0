// The mail feature's public entry for other features: the template set (previews, checks of what every mail says),
// and the outbox's one writer (a feature queues a mail through these, never by inserting outbox rows itself).
export { MAIL_TEMPLATE_NAMES, PERSON_MAIL_TEMPLATE_NAMES, previewMailTemplate } from './templates/mail-templates.js';
export { enqueueFriendJoined, enqueueMail, enqueueMailFrom, type MailKind } from './outbox.repository.js';
