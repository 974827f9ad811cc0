import { expect } from 'vitest';
import type { SmtpSink } from '../../support/index.js';
import { signupStream, type SignupOutcome } from './load.js';
import { mailsPerRecipient } from './mail.js';
import type { SecretWatch } from './secrets.js';
import type { System } from './system.js';
import { sleep } from './timing.js';
import { adminToken, confirmedPeople, invitationsPerRecipient, invite, invitedEmails } from './waves.js';

/** Outbox rows still owed a send (a confirmation only while its entry is still pending). */
export async function unsentRows(system: System): Promise<number> {
  const { rows } = await system.context.pool.query<{ unsent: number }>(
    `select count(*)::int as unsent from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id
      where o.sent_at is null and o.failed_at is null and (o.kind <> 'confirmation' or e.status = 'pending')`,
  );
  return rows[0]?.unsent ?? 0;
}

export interface RedisLoss {
  system: System;
  sink: SmtpSink;
  secrets: SecretWatch;
  /** Names the sign-ups' addresses. */
  label: string;
  /** How many confirmed people are in line, and how many the wave invites. */
  people: number;
  /** How long the mail server takes to accept each mail while Redis is lost, so that jobs are active then. */
  smtpAcceptMs: number;
  /** Every owed mail must arrive within this long of the loss. */
  deliveryBoundMs: number;
  /** Takes Redis's data, or its server, away (and waits for whatever recovery the test wants to see begin). */
  lose: () => Promise<void>;
  /** How long sign-ups keep streaming after `lose` returns. */
  streamAfterLossMs: number;
  /** The test's own line about the run, printed before the checks so that a failed run still shows it. */
  report: (outcome: RedisLossOutcome) => string;
}

export interface RedisLossOutcome {
  /** Sign-ups answered 200 (and so owed their mail), out of all attempted. */
  acknowledged: string[];
  attempted: number;
  invited: string[];
  /** When `lose` was called, and how long after that the last owed mail arrived. */
  lostAt: number;
  deliveredAfterMs: number;
  /** Addresses mailed other than once. */
  duplicates: string[];
}

/**
 * The scenario the Redis fault tests share: sign-ups stream in and a wave of invitations is accepted while the mail
 * server is slow, so that Redis holds waiting and active jobs when `lose` takes it away; then every acknowledged
 * sign-up's mail and every invitation must arrive exactly once, within the bound, with no row left owed.
 */
export async function mailThroughRedisLoss(loss: RedisLoss): Promise<RedisLossOutcome> {
  const { system, sink, label, people: count } = loss;
  const people = await confirmedPeople(system, `${label}-line`, count);
  await sink.waitFor(() => people.every((email) => sink.to(email).length === 1), 30_000); // their welcome mails
  const token = await adminToken(system, loss.secrets);
  const invitedBefore = new Set(await invitedEmails(system));

  sink.slow(loss.smtpAcceptMs);
  const stream = signupStream(system.api.url, 100, label);
  await sleep(1500);
  const wave = await invite(system, token, count);
  expect(wave.status).toBe(202);
  // The wave's rows are relayed (its picks are invited by the worker within a second or two), mails are being sent.
  await sleep(2000);
  const lostAt = Date.now();
  await loss.lose();
  await sleep(loss.streamAfterLossMs);
  const outcomes = await stream.stop();
  sink.slow(0);

  const acknowledged = outcomes.filter((o: SignupOutcome) => o.status === 200).map((o) => o.email);
  expect(acknowledged.length).toBeGreaterThan(outcomes.length * 0.95);
  const invited = (await invitedEmails(system)).filter((email) => !invitedBefore.has(email));
  expect(invited).toHaveLength(count);

  const confirmationsDone = () => acknowledged.every((email) => sink.to(email).length >= 1);
  const invitationsDone = () => invited.every((email) => (invitationsPerRecipient(sink).get(email) ?? 0) >= 1);
  await sink.waitFor(() => confirmationsDone() && invitationsDone(), loss.deliveryBoundMs + 5000);
  const deliveredAfterMs = Date.now() - lostAt;
  await sleep(2000); // a duplicate would come late: give it the chance to

  const counts = mailsPerRecipient(sink);
  const invitations = invitationsPerRecipient(sink);
  const duplicates = [
    ...acknowledged.filter((email) => counts.get(email) !== 1),
    ...invited.filter((email) => invitations.get(email) !== 1),
  ];
  const outcome = { acknowledged, attempted: outcomes.length, invited, lostAt, deliveredAfterMs, duplicates };
  console.info(loss.report(outcome));
  expect(duplicates).toEqual([]);
  expect(deliveredAfterMs).toBeLessThan(loss.deliveryBoundMs);
  expect(await unsentRows(system)).toBe(0);
  return outcome;
}
