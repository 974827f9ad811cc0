// The mail feature's public entry for other features: the template set (previews, checks of what every mail says),
// and the outbox's one writer (a feature queues a mail through these, never by inserting outbox rows itself).
export { MAIL_TEMPLATE_NAMES, PERSON_MAIL_TEMPLATE_NAMES, previewMailTemplate } from './templates/mail-templates.js';
export { enqueueFriendJoined, enqueueMail, enqueueMailFrom, type MailKind } from './outbox.repository.js';
import { MAIL_LANES, outboxBacklog, type MailLane } from './outbox.repository.js';
import type { Queryable } from '../../lib/db.js';

/** Each lane's oldest owed mail, for the staff dashboard (the same read as the worker's lane gauge). */
export async function mailLaneAges(db: Queryable): Promise<{ lane: MailLane; oldestOwedSeconds: number }[]> {
  const backlog = await outboxBacklog(db);
  return MAIL_LANES.map((lane) => ({ lane, oldestOwedSeconds: Math.round(backlog.oldestOwedSecondsByLane[lane]) }));
}
// Mails to the staff panel's admins (a city awaiting its opening click, and alerts of other features).
export { queueAdminAlert, type AdminAlert } from './admin-alert-mail.js';
