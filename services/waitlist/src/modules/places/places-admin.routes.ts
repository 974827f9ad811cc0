import { cityIdParams, createCityBody, revokeCreditBody, revokeCreditParams } from '@mmdm/contracts/launch-admin';
import { listEntriesParams } from '@mmdm/contracts/waitlist-admin';
import { AppError } from '@mmdm/shared/errors';
import { jsonBody, noStore } from '@mmdm/shared/http';
import { requireStaff, type StaffTokenVerifier } from '@mmdm/shared/tokens';
import { Router } from 'express';
import { staffActorOf } from '../audit/audit.service.js';
import { cityCursor, placeCursor } from './places.schema.js';
import type { PlacesService } from './places.service.js';

export interface PlacesAdminRoutesDeps {
  service: PlacesService;
  verifier: StaffTokenVerifier;
}

/** The cursor's keys, checked against the shape of the order they page through (place keys or creation times). */
function decodeCursor(value: string | undefined, order: 'place' | 'city'): [string, string] | undefined {
  if (!value) return undefined;
  try {
    return (order === 'place' ? placeCursor : cityCursor).parse(
      JSON.parse(Buffer.from(value, 'base64url').toString('utf8')),
    );
  } catch {
    throw new AppError(400, 'validation_error', 'The cursor is not one this service handed out.', {
      issues: [{ path: 'cursor', message: 'The cursor is not one this service handed out.' }],
    });
  }
}

/** Staff: cities, launch figures, credit revocation, and the Users list by place or by city. */
export function placesAdminRoutes({ service, verifier }: PlacesAdminRoutesDeps): Router {
  const router = Router();
  const viewer = requireStaff(verifier, 'viewer');
  const admin = requireStaff(verifier, 'admin');
  const json = jsonBody('4kb');
  // Staff answers are never cached, refusals included.
  router.use('/api/admin/waitlist', noStore);

  // The list ordered by place, or narrowed to a city; any other list falls through to the admin module's route.
  router.get('/api/admin/waitlist/entries', viewer, async (req, res, next) => {
    const query = listEntriesParams.parse(req.query);
    if (query.order !== 'place' && query.city === undefined) return next();
    if (query.q) {
      throw new AppError(400, 'validation_error', 'Search the whole list, or filter by place or city: not both.', {
        issues: [{ path: 'q', message: 'Search the whole list, or filter by place or city: not both.' }],
      });
    }
    const after = decodeCursor(query.cursor, query.order === 'place' ? 'place' : 'city');
    const rows = await service.listByPlaceOrCity(
      { order: query.order, status: query.status, city: query.city, limit: query.limit, after },
      staffActorOf(req),
      {
        status: query.status,
        q: query.q,
        order: query.order,
        city: query.city,
        limit: query.limit,
        laterPage: query.cursor !== undefined,
      },
    );
    const more = rows.length > query.limit;
    if (more) rows.pop();
    const last = rows.at(-1);
    res.json({
      items: rows.map((row) => ({
        id: Number(row.id),
        email: row.email,
        status: row.status,
        referralSource: row.referralSource,
        referralCode: row.referralCode,
        createdAt: row.createdAt.toISOString(),
        confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
        position: row.position,
        referralCount: row.credits,
        cityId: row.cityId,
      })),
      nextCursor: more && last ? Buffer.from(JSON.stringify([last.k1, last.k2])).toString('base64url') : null,
      searchedThrough: null,
    });
  });

  router.get('/api/admin/waitlist/cities', viewer, async (_req, res) => {
    res.json(await service.staffCities());
  });

  router.post('/api/admin/waitlist/cities', admin, ...json, async (req, res) => {
    const { name, sort } = createCityBody.parse(req.body);
    const city = await service.createCity(name, sort ?? 0, staffActorOf(req));
    res.status(201).json(city);
  });

  router.delete('/api/admin/waitlist/cities/:id', admin, async (req, res) => {
    const { id } = cityIdParams.parse(req.params);
    await service.deleteCity(id, staffActorOf(req));
    res.status(204).end();
  });

  router.get('/api/admin/waitlist/launch-stats', viewer, async (req, res) => {
    res.json(await service.launchStats(staffActorOf(req)));
  });

  router.post('/api/admin/waitlist/credits/:referredId/revoke', admin, ...json, async (req, res) => {
    const { referredId } = revokeCreditParams.parse(req.params);
    const { reason } = revokeCreditBody.parse(req.body);
    await service.revokeCredit(referredId, reason, staffActorOf(req));
    res.json({ success: true, message: 'The credit is revoked.' });
  });

  return router;
}
