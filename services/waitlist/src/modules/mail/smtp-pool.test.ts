import { createLogger } from '@mmdm/shared/logger';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadWorkerConfig } from '../../config.js';
import { createMailSender } from './mail-transport.js';

const logger = createLogger({ name: 'smtp-pool-test', level: 'silent' });
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  // Last opened, first closed: the sender's pooled connections go before the server waits for them.
  for (const close of closers.splice(0).reverse()) await close();
});

/** An SMTP server that holds each message a moment and records how many connections were open at once. */
async function slowServer() {
  let open = 0;
  const state = { mostOpen: 0, received: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onConnect(_session, callback) {
      open += 1;
      state.mostOpen = Math.max(state.mostOpen, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () =>
        setTimeout(() => {
          state.received += 1;
          callback();
        }, 100),
      );
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, state };
}

const mail = (n: number) => ({
  to: `person-${n}@example.com`,
  subject: 'Hello',
  text: 'hello',
  html: '<p>hello</p>',
  headers: {},
  reference: `pool-${n}`,
  devLink: '',
});

describe('the SMTP transport with SMTP_URL set', () => {
  it('opens at most SMTP_POOL_SIZE connections however many mails are in flight', async () => {
    const smtp = await slowServer();
    const config = loadWorkerConfig({ SMTP_URL: smtp.url, SMTP_POOL_SIZE: '2' });
    const sender = createMailSender({
      smtpUrl: config.mail.smtpUrl,
      dir: config.mail.dir,
      from: config.mail.from,
      replyTo: config.mail.supportEmail,
      poolSize: config.mail.poolSize,
      logger,
    });
    closers.push(async () => sender.close());
    await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => sender.send(mail(n))));
    expect(smtp.state.received).toBe(8);
    expect(smtp.state.mostOpen).toBeLessThanOrEqual(2);
  });

  it('gives up on a server that never greets after the greeting time-out, instead of waiting for minutes', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const sender = createMailSender({
      smtpUrl: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      dir: './var/mail',
      from: 'Test <hello@example.com>',
      replyTo: 'support@example.com',
      poolSize: 1,
      timeouts: { connectionMs: 300, greetingMs: 300, socketMs: 300 },
      logger,
    });
    closers.push(async () => sender.close());
    await expect(sender.send(mail(1))).rejects.toMatchObject({ code: 'ETIMEDOUT' });
  });
});
