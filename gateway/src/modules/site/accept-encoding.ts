export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Picks the encoding to send from what the client accepts (RFC 9110 §12.5.3) and what we have: the highest q wins,
 * ties go to the smaller one (br, then gzip). `identity` is always possible, so there is never a 406.
 */
export function chooseEncoding(header: string | undefined, available: { br: boolean; gzip: boolean }): Encoding {
  if (!header || (!available.br && !available.gzip)) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  const star = weights.get('*');
  const weightOf = (name: string) => weights.get(name) ?? star ?? 0;

  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const candidate of ['br', 'gzip'] as const) {
    const weight = available[candidate] ? weightOf(candidate) : 0;
    if (weight > bestWeight) {
      best = candidate;
      bestWeight = weight;
    }
  }
  const identityWeight = weights.get('identity') ?? (star === 0 ? 0 : 1);
  return bestWeight > 0 && bestWeight >= identityWeight ? best : 'identity';
}
