import type { Logger } from '@mmdm/shared/logger';
import type pg from 'pg';
import { placeRuleBoost, rewritePlaceKeys } from './places.repository.js';

/**
 * At the worker's start: when REFERRAL_BOOST differs from the boost the place keys were written with, record the new
 * one and rewrite the keys in batches, so the rule on the page and every place agree.
 */
export async function syncPlaceRule(pool: pg.Pool, boost: number, logger: Logger): Promise<void> {
  const current = await placeRuleBoost(pool);
  if (current === boost) return;
  const started = Date.now();
  const rewritten = await rewritePlaceKeys(pool, boost);
  logger.info({ from: current, to: boost, rewritten, ms: Date.now() - started }, 'place rule changed: keys rewritten');
}
