import { createHash } from 'node:crypto';
import type { Logger } from '@mmdm/shared/logger';
import type pg from 'pg';
import type { Queryable } from '../../lib/db.js';
import type { MailSender } from './mail-transport.js';
import {
  findAdminAlertMail,
  insertAdminAlert,
  markAlertMailed,
  markFailedAttempt,
  markSent,
  type AdminAlertCandidate,
} from './outbox.repository.js';
import { SuppressedError } from './suppressing-sender.js';
import { renderMail, type MailSite } from './templates/mail-templates.js';

/**
 * Something that waits for an admin, said in words: the mail's subject and paragraphs (plain text), and the staff
 * panel's page where it is done (a path of the site, e.g. WEB_PATHS.staffDashboard) with the button's words. `topic`
 * names the kind of alert for the record (`city.awaiting_approval`, ...).
 */
export interface AdminAlert {
  topic: string;
  subject: string;
  paragraphs: string[];
  actionPath: string;
  actionLabel: string;
}

/**
 * Mails every admin of the staff panel about `alert`, through the outbox: in the caller's transaction (`db` is its
 * client), so the mail leaves once the change that called for it commits, and never if it rolls back. The admins'
 * addresses are the auth service's; the worker asks it for them when the mail leaves. Returns the alert's id.
 */
export async function queueAdminAlert(db: Queryable, alert: AdminAlert, requestId: string | null = null) {
  if (!alert.actionPath.startsWith('/')) throw new Error('an admin alert links to a path of the site');
  const { topic, ...details } = alert;
  return insertAdminAlert(db, { topic, details }, requestId);
}

export interface AdminAlertMailDeps {
  pool: pg.Pool;
  sender: MailSender;
  site: MailSite;
  /** The admins' addresses now (the auth service's internal endpoint). */
  adminAddresses: () => Promise<string[]>;
}

const addressHash = (address: string) => createHash('sha256').update(address.toLowerCase()).digest('hex');

function contentOf(candidate: AdminAlertCandidate, site: MailSite) {
  const details = candidate.details as Partial<Omit<AdminAlert, 'topic'>>;
  return renderMail(
    'admin-alert',
    {
      subject: details.subject ?? `Something waits for an admin (${candidate.topic})`,
      paragraphs: Array.isArray(details.paragraphs) ? details.paragraphs.map(String) : [],
      actionUrl: `${site.publicUrl}${typeof details.actionPath === 'string' ? details.actionPath : '/admin'}`,
      actionLabel: details.actionLabel ?? 'Open the staff panel',
    },
    site,
  );
}

/**
 * An admin alert's mail, one message per admin (each address through the suppression gate on its own). An admin
 * mailed already (a retried job) is not mailed again; a suppressed address is passed over; any other failure leaves
 * the row owed and the job retries with back-off, for the admins not mailed yet.
 */
export function createAdminAlertMailSender({ pool, sender, site, adminAddresses }: AdminAlertMailDeps) {
  return async (candidate: AdminAlertCandidate, log: Logger): Promise<'sent' | 'skipped'> => {
    if (candidate.sentAt) {
      log.info({ kind: 'admin_alert', reason: 'already sent' }, 'mail skipped');
      return 'skipped';
    }
    const content = await contentOf(candidate, site);
    const addresses = await adminAddresses();
    const mailed = new Set(candidate.mailed);
    let delivered = 0;
    for (const address of addresses) {
      const hash = addressHash(address);
      if (mailed.has(hash)) continue;
      try {
        await sender.send({
          to: address,
          ...content,
          headers: {},
          reference: `outbox-${candidate.outboxId}-${hash.slice(0, 12)}`,
          devLink: content.text.match(/https?:\/\/\S+\/admin\S*/)?.[0] ?? '',
        });
        delivered += 1;
      } catch (error) {
        if (error instanceof SuppressedError) {
          log.info({ kind: 'admin_alert', reason: `suppressed: ${error.reason}` }, 'admin passed over');
        } else {
          const reason = error instanceof Error ? error.message : String(error);
          await markFailedAttempt(pool, candidate.outboxId, reason).catch(() => undefined);
          log.warn({ kind: 'admin_alert', reason }, 'admin alert mail failed; will retry');
          throw error;
        }
      }
      await markAlertMailed(pool, candidate.alertId, hash);
    }
    await markSent(pool, candidate.outboxId);
    log.info({ kind: 'admin_alert', admins: addresses.length, delivered, via: sender.kind }, 'admin alert mail sent');
    return 'sent';
  };
}

export { findAdminAlertMail };
