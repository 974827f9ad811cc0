export { createTestDatabase, type TestDatabase } from './test-database.js';
export { SmtpSink, type ReceivedMail } from './smtp-sink.js';
export { captureLogs, type CapturedLogs } from './capture-logs.js';
export { startOldRedis, type OldRedis } from './old-redis.js';
export { parsePrometheusText, sampleValue, scrape, type Sample } from './prometheus-text.js';
export { contractProblemOf, expectAnswerInDocument, type ReceivedAnswer } from './openapi-contract.js';
export { Dovecot } from './dovecot.js';
export { startTestDnsServer, type DnsZoneEntry, type TestDnsServer } from './dns-server.js';
export { request, type Answer, type RequestOptions } from './http.js';
