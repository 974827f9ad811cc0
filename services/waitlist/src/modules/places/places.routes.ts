import { jsonBody } from '@mmdm/shared/http';
import { Router } from 'express';
import type { ClientRateLimiter } from '../../lib/rate-limit.js';
import type { PlacesService } from './places.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/waitlist';

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
  const route = declaredRoutes(router);
  const json = jsonBody('4kb');

  route(calls.getPlaceStatus, async (_req, res) => {
    const { token } = validated(calls.getPlaceStatus, res).query;
    const data = await service.statusByConfirmToken(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Your place on the waitlist.', data });
  });

  // The page a share link opens says a friend invited the visitor, or that the code is unknown. The answer is the
  // same two fields for every code (whose it is, their place and friends stay out), and the check is throttled per
  // client as the other public calls are, so codes (40 random bits) cannot be tried by the thousand.
  route(calls.checkReferralCode, async (req, res) => {
    const { code } = validated(calls.checkReferralCode, res).query;
    await referralLimiter.consume(req.ip ?? req.socket.remoteAddress ?? 'unknown');
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'The referral code.', data: await service.checkReferralCode(code) });
  });

  route(calls.listCities, async (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json({ success: true, message: 'Cities we launch in.', data: { cities: await service.cities() } });
  });

  route(calls.chooseCity, ...json, async (_req, res) => {
    const { token, cityId } = validated(calls.chooseCity, res).body;
    const data = await service.chooseCity(token, cityId);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Your city is saved.', data });
  });

  route(calls.chooseLanguage, ...json, async (_req, res) => {
    const { token, language } = validated(calls.chooseLanguage, res).body;
    const data = await service.chooseLanguage(token, language);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Your language is saved.', data });
  });

  return router;
}
