import { describe, expect, it } from 'vitest';
import { deliveryStatusNotification, feedbackReport } from '../../testing/report-messages.js';
import { parseReportMessage } from './report-parser.js';

const parse = (text: string) => parseReportMessage(Buffer.from(text));

describe('bounce report parsing', () => {
  it('a DSN: failed with 5.x.x is hard, failed with 4.x.x or delayed is soft, delivered is nothing', async () => {
    const parsed = await parse(
      deliveryStatusNotification(
        [
          { email: 'gone@example.org', action: 'failed', status: '5.1.1' },
          { email: 'full@example.org', action: 'delayed', status: '4.2.2' },
          { email: 'expired@example.org', action: 'failed', status: '4.4.7' },
          { email: 'fine@example.org', action: 'delivered', status: '2.0.0' },
        ],
        '<dsn-1@mx.example.net>',
      ),
    );
    expect(parsed).toEqual({
      id: '<dsn-1@mx.example.net>',
      type: 'delivery-status',
      reports: [
        { email: 'gone@example.org', kind: 'hard', detail: 'dsn 5.1.1' },
        { email: 'full@example.org', kind: 'soft', detail: 'dsn delayed 4.2.2' },
        { email: 'expired@example.org', kind: 'soft', detail: 'dsn failed 4.4.7' },
      ],
    });
  });

  it('an abuse feedback report is a complaint, by Original-Rcpt-To or else by the attached message', async () => {
    expect((await parse(feedbackReport('angry@example.org'))).reports).toEqual([
      { email: 'angry@example.org', kind: 'complaint', detail: 'arf abuse' },
    ]);
    expect((await parse(feedbackReport('redacted@example.org', { withRcptTo: false }))).reports).toEqual([
      { email: 'redacted@example.org', kind: 'complaint', detail: 'arf abuse' },
    ]);
    expect((await parse(feedbackReport('happy@example.org', { type: 'not-spam' }))).reports).toEqual([]);
  });

  it('an auto-reply is no report', async () => {
    const parsed = await parse('From: person@example.org\r\nSubject: Out of office\r\n\r\nBack on Monday.\r\n');
    expect(parsed).toMatchObject({ type: 'other', reports: [], id: expect.stringMatching(/^sha256:/) });
  });
});
