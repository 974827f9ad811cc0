import { cityIdParams, revokeCreditParams } from '@mmdm/contracts/launch-admin';
import { jsonBody, noStore } from '@mmdm/shared/http';
import { requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { staffActorOf } from '../audit/audit.service.js';
import type { CityOpeningService } from './city-opening.service.js';
import { toStaffCity } from './city-opening.service.js';
import type { PlacesService } from './places.service.js';
import { declaredRoutes } from '@mmdm/shared/declared-routes';
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
  const route = declaredRoutes(router);
  const viewer = requireStaff(verifier, 'viewer');
  const admin = requireStaff(verifier, 'admin');
  const json = jsonBody('4kb');
  // Staff answers are never cached, refusals included.
  router.use(STAFF_WAITLIST_PREFIX, noStore);

  route(calls.listStaffCities, viewer, async (_req, res) => {
    res.json(await service.staffCities());
  });

  route(calls.createCity, admin, ...json, async (req, res) => {
    const { name, sort } = calls.createCity.body.parse(req.body);
    const city = await service.createCity(name, sort ?? 0, staffActorOf(req));
    res.status(201).json(city);
  });

  route(calls.deleteCity, admin, async (req, res) => {
    const { id } = cityIdParams.parse(req.params);
    await service.deleteCity(id, staffActorOf(req));
    res.status(204).end();
  });

  // The opening's answers name the city as the list does; `people` is the list's concern, so it is read again there.
  const peopleIn = async (id: number) =>
    (await service.staffCities()).items.find((city) => city.id === id)?.people ?? 0;

  route(calls.setCityOpening, admin, ...json, async (req, res) => {
    const { id } = cityIdParams.parse(req.params);
    const settings = calls.setCityOpening.body.parse(req.body);
    const city = await opening.setOpening(Number(id), settings, staffActorOf(req));
    res.json(toStaffCity(city, await peopleIn(city.id)));
  });

  route(calls.openCity, admin, async (req, res) => {
    const { id } = cityIdParams.parse(req.params);
    const { city, alreadyOpen, invited } = await opening.openByStaff(Number(id), staffActorOf(req));
    res.json({ city: toStaffCity(city, await peopleIn(city.id)), alreadyOpen, invited });
  });

  route(calls.getLaunchStats, viewer, async (req, res) => {
    res.json(await service.launchStats(staffActorOf(req)));
  });

  route(calls.revokeCredit, admin, ...json, async (req, res) => {
    const { referredId } = revokeCreditParams.parse(req.params);
    const { reason } = calls.revokeCredit.body.parse(req.body);
    await service.revokeCredit(referredId, reason, staffActorOf(req));
    res.json({ success: true, message: 'The credit is revoked.' });
  });

  return router;
}
