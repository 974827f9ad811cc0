import { createSocket, type RemoteInfo } from 'node:dgram';

/** What the test DNS server answers for one name: its records, `nxdomain`, or `silent` (never answers). */
export interface DnsZoneEntry {
  mx?: string[];
  a?: string[];
  aaaa?: string[];
  nxdomain?: boolean;
  silent?: boolean;
  /** Answer only after this many ms. */
  delayMs?: number;
}

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for DNS_SERVERS. */
  address: string;
  zone: Map<string, DnsZoneEntry>;
  /** Questions received, as `name TYPE`. */
  questions: string[];
  close(): Promise<void>;
}

const TYPES = { A: 1, MX: 15, AAAA: 28 } as const;
const TYPE_NAMES: Record<number, string> = { 1: 'A', 15: 'MX', 28: 'AAAA' };

function encodeName(name: string): Buffer {
  const parts = name
    .split('.')
    .filter(Boolean)
    .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function readName(packet: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  for (;;) {
    const length = packet[at]!;
    if (length === 0) return { name: labels.join('.'), end: at + 1 };
    labels.push(packet.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += 1 + length;
  }
}

function record(type: number, data: Buffer): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(0xc00c, 0); // a pointer to the question's name
  header.writeUInt16BE(type, 2);
  header.writeUInt16BE(1, 4); // IN
  header.writeUInt32BE(60, 6);
  header.writeUInt16BE(data.length, 10);
  return Buffer.concat([header, data]);
}

function answersFor(entry: DnsZoneEntry | undefined, type: number): Buffer[] {
  if (!entry) return [];
  if (type === TYPES.MX) {
    return (entry.mx ?? []).map((exchange) => {
      const preference = Buffer.alloc(2);
      preference.writeUInt16BE(10, 0);
      return record(type, Buffer.concat([preference, exchange === '.' ? Buffer.from([0]) : encodeName(exchange)]));
    });
  }
  if (type === TYPES.A) return (entry.a ?? []).map((ip) => record(type, Buffer.from(ip.split('.').map(Number))));
  if (type === TYPES.AAAA) {
    return (entry.aaaa ?? []).map(() => record(type, Buffer.from('20010db8000000000000000000000001', 'hex')));
  }
  return [];
}

/**
 * A small authoritative DNS server on loopback UDP (RFC 1035 wire format: A, AAAA, MX, NXDOMAIN, or no answer at
 * all), so tests decide what "the DNS" says without the internet. Unknown names answer NOERROR with no records.
 */
export async function startTestDnsServer(zone: Record<string, DnsZoneEntry> = {}): Promise<TestDnsServer> {
  const socket = createSocket('udp4');
  const entries = new Map(Object.entries(zone));
  const questions: string[] = [];
  socket.on('message', (query: Buffer, peer: RemoteInfo) => {
    const { name, end } = readName(query, 12);
    const type = query.readUInt16BE(end);
    questions.push(`${name} ${TYPE_NAMES[type] ?? type}`);
    // `*` answers every name the zone does not list (a resolver that says NXDOMAIN to everything: `*: {nxdomain}`).
    const entry = entries.get(name.toLowerCase()) ?? entries.get('*');
    if (entry?.silent) return;
    const answers = entry?.nxdomain ? [] : answersFor(entry, type);
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2); // id
    header.writeUInt16BE(0x8400 | (entry?.nxdomain ? 3 : 0) | (query.readUInt16BE(2) & 0x0100), 2); // QR, AA, RD, rcode
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const reply = Buffer.concat([header, query.subarray(12, end + 4), ...answers]);
    const send = () => socket.send(reply, peer.port, peer.address);
    if (entry?.delayMs) setTimeout(send, entry.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    zone: entries,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
