import { cityChoiceBody, tokenQuery } from '@mmdm/contracts/launch';
import { API_PATHS, referralQuery } from '@mmdm/contracts/waitlist';
import { jsonBody } from '@mmdm/shared/http';
import { Router } from 'express';
import type { ClientRateLimiter } from '../../lib/rate-limit.js';
import type { PlacesService } from './places.service.js';

export interface PlacesRoutesDeps {
  service: PlacesService;
  /** Share-link code checks per client address: a page view needs one, a script guessing codes is cut off. */
  referralLimiter: ClientRateLimiter;
}

/**
 * The person's own page behind the confirmation link: read-only status, the city list, the city choice. Every answer
 * depends on a secret token only, never on an address: nothing here tells who is on the list.
 */
export function placesRoutes({ service, referralLimiter }: PlacesRoutesDeps): Router {
  const router = Router();
  const json = jsonBody('4kb');

  router.get('/waitlist/status', async (req, res) => {
    const { token } = tokenQuery.parse(req.query);
    const data = await service.statusByConfirmToken(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Your place on the waitlist.', data });
  });

  // The page a share link opens says a friend invited the visitor, or that the code is unknown. The answer is the
  // same two fields for every code (whose it is, their place and friends stay out), and the check is throttled per
  // client as the other public calls are, so codes (40 random bits) cannot be tried by the thousand.
  router.get(API_PATHS.referral, async (req, res) => {
    const { code } = referralQuery.parse(req.query);
    await referralLimiter.consume(req.ip ?? req.socket.remoteAddress ?? 'unknown');
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'The referral code.', data: await service.checkReferralCode(code) });
  });

  router.get('/waitlist/cities', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json({ success: true, message: 'Cities we launch in.', data: { cities: await service.cities() } });
  });

  router.post('/waitlist/city', ...json, async (req, res) => {
    const { token, cityId } = cityChoiceBody.parse(req.body);
    const data = await service.chooseCity(token, cityId);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Your city is saved.', data });
  });

  return router;
}
