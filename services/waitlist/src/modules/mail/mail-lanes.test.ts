import { describe, expect, it } from 'vitest';
import { buildEntries } from '../../testing/waitlist-factories.js';
import { eventually, uniqueEmail, useWaitlistSystem } from '../../testing/waitlist-harness.js';

/**
 * A slow provider: the backlog below takes 20 s at this rate, so it is still owed when the sign-up comes, with room for
 * a loaded machine's slow sign-up request.
 */
const SEND_RATE = 2;
const WELCOMES = 40;

describe('mail lanes under MAIL_SEND_RATE', () => {
  const system = useWaitlistSystem({ workerEnv: () => ({ MAIL_SEND_RATE: String(SEND_RATE) }) });

  it("a new sign-up's confirmation goes before a backlog of welcome mails, each mail once, and staff see each lane's wait", async () => {
    const { pool } = system.context;
    // One statement, so that the whole backlog is owed at once (confirmed entries with their places, as confirming
    // leaves them, and their welcome mails).
    const backlog = Array.from({ length: WELCOMES }, (_, i) => ({ email: uniqueEmail(`w${i + 1}`) }));
    const welcomed = (await buildEntries(pool, backlog, { inLine: true, mail: 'welcome' })).map((row) => row.email);
    const welcomesSent = () => welcomed.filter((email) => system.smtp.to(email).length > 0).length;
    // The spike is under way: the worker is sending welcome mails at the send rate.
    await eventually(async () => welcomesSent() >= 2, 20_000);

    const viewer = await system.staff.sign('viewer');
    const stats = await system.api.request('/api/admin/waitlist/stats', { token: viewer });
    const lanes = (stats.body as { mailLanes: { lane: string; oldestOwedSeconds: number }[] }).mailLanes;
    expect(lanes.map((l) => l.lane)).toEqual(['first', 'invitations', 'others']);
    expect(lanes.find((l) => l.lane === 'first')?.oldestOwedSeconds).toBe(0);

    const email = uniqueEmail('lanes');
    expect((await system.api.request('/waitlist', { method: 'POST', body: { email } })).status).toBe(200);
    await system.smtp.waitFor(() => system.smtp.to(email).length === 1, 30_000);
    // Without lanes the confirmation waits behind every welcome mail queued before it (and without the rate, they
    // have all gone in a second); with them it is the next mail sent, while most of the backlog is still owed.
    expect(welcomesSent()).toBeLessThan(WELCOMES / 2);

    await system.smtp.waitFor(() => welcomesSent() === WELCOMES, 60_000);
    expect(welcomed.every((address) => system.smtp.to(address).length === 1)).toBe(true);
    expect(system.smtp.to(email)).toHaveLength(1);
  }, 90_000);
});
