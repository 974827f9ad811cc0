import { jsonBody, noStore } from '@mmdm/shared/http';
import { staffGuard, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { staffActorOf } from '../audit/audit.service.js';
import type { CityOpeningService } from './city-opening.service.js';
import { toStaffCity } from './city-opening.service.js';
import type { PlacesService } from './places.service.js';
import { declaredRoutes, validated } from '@mmdm/shared/declared-routes';
import * as calls from '@mmdm/contracts/calls/staff-launch';
import { STAFF_WAITLIST_PREFIX } from '@mmdm/contracts/calls/staff-waitlist';

export interface PlacesAdminRoutesDeps {
  service: PlacesService;
  /** Cities' openings: their settings and the admin's opening click. */
  opening: CityOpeningService;
  verifier: StaffTokenVerifier;
}

/** Staff: cities, launch figures, credit revocation (the Users list by place or by city is the entries module's). */
export function placesAdminRoutes({ service, opening, verifier }: PlacesAdminRoutesDeps): Router {
  const router = Router();
  const route = declaredRoutes(router, '', { guard: staffGuard(verifier) });
  const json = jsonBody('4kb');
  // Staff answers are never cached, refusals included.
  router.use(STAFF_WAITLIST_PREFIX, noStore);

  route(calls.listStaffCities, async (_req, res) => {
    res.json(await service.staffCities());
  });

  route(calls.createCity, ...json, async (req, res) => {
    const { name, sort } = validated(calls.createCity, res).body;
    const city = await service.createCity(name, sort ?? 0, staffActorOf(req));
    res.status(201).json(city);
  });

  route(calls.deleteCity, async (req, res) => {
    const { id } = validated(calls.deleteCity, res).params;
    await service.deleteCity(id, staffActorOf(req));
    res.status(204).end();
  });

  // The opening's answers name the city as the list does; `people` is the list's concern, so it is read again there.
  const peopleIn = async (id: number) =>
    (await service.staffCities()).items.find((city) => city.id === id)?.people ?? 0;

  route(calls.setCityOpening, ...json, async (req, res) => {
    const { params, body } = validated(calls.setCityOpening, res);
    const city = await opening.setOpening(Number(params.id), body, staffActorOf(req));
    res.json(toStaffCity(city, await peopleIn(city.id)));
  });

  route(calls.openCity, async (req, res) => {
    const { id } = validated(calls.openCity, res).params;
    const { city, alreadyOpen, invited } = await opening.openByStaff(Number(id), staffActorOf(req));
    res.json({ city: toStaffCity(city, await peopleIn(city.id)), alreadyOpen, invited });
  });

  route(calls.getLaunchStats, async (req, res) => {
    res.json(await service.launchStats(staffActorOf(req)));
  });

  route(calls.revokeCredit, ...json, async (req, res) => {
    const {
      params: { referredId },
      body: { reason },
    } = validated(calls.revokeCredit, res);
    await service.revokeCredit(referredId, reason, staffActorOf(req));
    res.json({ success: true, message: 'The credit is revoked.' });
  });

  return router;
}
