-- Up Migration

-- Every bounce or complaint report already applied, by feed and the feed's own id (the report's Message-ID, the SNS
-- MessageId, the Postmark ID): a report seen twice (an IMAP flag that was not stored before a crash, a webhook the
-- provider sent again) is applied once, so one bounce never counts as two soft bounces. Holds no address; rows older
-- than 30 days are pruned by the worker (providers stop re-sending long before).
create table waitlist.bounce_reports (
  feed text not null check (feed in ('mailbox', 'ses', 'postmark')),
  report_id text not null,
  received_at timestamptz not null default now(),
  primary key (feed, report_id)
);
create index bounce_reports_received_at on waitlist.bounce_reports (received_at);

-- Down Migration

drop table waitlist.bounce_reports;
