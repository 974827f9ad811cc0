import { cityChoiceBody, tokenQuery } from '@mmdm/contracts/launch';
import { jsonBody } from '@mmdm/shared/http';
import { Router } from 'express';
import type { PlacesService } from './places.service.js';

export interface PlacesRoutesDeps {
  service: PlacesService;
}

/**
 * The person's own page behind the confirmation link: read-only status, the city list, the city choice. Every answer
 * depends on a secret token only, never on an address: nothing here tells who is on the list.
 */
export function placesRoutes({ service }: PlacesRoutesDeps): Router {
  const router = Router();
  const json = jsonBody('4kb');

  router.get('/waitlist/status', async (req, res) => {
    const { token } = tokenQuery.parse(req.query);
    const data = await service.statusByConfirmToken(token);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, message: 'Your place on the waitlist.', data });
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
