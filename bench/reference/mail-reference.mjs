// @ts-check
/**
 * The same-run reference for the mail drain: raw pooled nodemailer, in a process of its own (as the worker is), sending
 * one captured message to COUNT addresses `${TAG}<n>@bench.example.com` over CONNECTIONS SMTP connections to
 * 127.0.0.1:PORT. Prints the seconds from the first send to the last acceptance as JSON on stdout.
 */
import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';

const { PORT, CONNECTIONS, COUNT, TAG, MESSAGE_FILE } = process.env;
const raw = readFileSync(String(MESSAGE_FILE));
const transport = nodemailer.createTransport({
  host: '127.0.0.1',
  port: Number(PORT),
  secure: false,
  ignoreTLS: true,
  pool: true,
  maxConnections: Number(CONNECTIONS),
});
const addresses = Array.from({ length: Number(COUNT) }, (_, index) => `${TAG}${index + 1}@bench.example.com`);
const started = performance.now();
await Promise.all(
  addresses.map((to) => transport.sendMail({ envelope: { from: 'hello@meetmatchdatemarry.com', to }, raw })),
);
const seconds = (performance.now() - started) / 1000;
transport.close();
process.stdout.write(`${JSON.stringify({ seconds })}\n`);
