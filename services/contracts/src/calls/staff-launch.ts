// Invitation waves, cities, credits (waitlist service).
import { defineCall, BODY_ERRORS, staffErrors, ok, pathParam } from './define-call.js';
import {
  cityIdParam,
  createCityBody,
  inviteWaveBody,
  launchStatsSchema,
  referredIdParam,
  revokeCreditBody,
  staffCitiesSchema,
  staffCitySchema,
  waveAcceptedSchema,
  wavePreviewParams,
  wavePreviewSchema,
  wavesSchema,
} from '../launch-admin.js';
import { messageAnswer } from '../waitlist.js';

export const inviteWave = defineCall({
  method: 'post',
  path: '/api/admin/waitlist/invitations',
  operationId: 'inviteWave',
  tag: 'staff-launch',
  summary: 'Invite a wave',
  description:
    'Accepted when the best `count` place holders (in `city`) are chosen: the first 1,000 are `invited` before the ' +
    'answer, the rest by the worker within seconds; one invitation mail each. `invited` is how many were chosen. Audited.',
  access: 'admin',
  body: inviteWaveBody,
  answers: { 202: { description: 'The wave.', schema: waveAcceptedSchema } },
  errors: [...BODY_ERRORS, 404, ...staffErrors('admin')],
});

export const previewWave = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/invitations/preview',
  operationId: 'previewWave',
  tag: 'staff-launch',
  summary: 'How many a wave would invite',
  description: 'Changes nothing.',
  access: 'viewer',
  query: { schema: wavePreviewParams },
  answers: ok('Matching now, and place holders there.', wavePreviewSchema),
  errors: [400, 404, ...staffErrors('viewer')],
});

export const listWaves = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/invitations',
  operationId: 'listWaves',
  tag: 'staff-launch',
  summary: 'Waves so far',
  description: 'Newest first, at most 100.',
  access: 'viewer',
  answers: ok('The waves.', wavesSchema),
  errors: staffErrors('viewer'),
});

export const listStaffCities = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/cities',
  operationId: 'listStaffCities',
  tag: 'staff-launch',
  summary: 'Cities with their people',
  description: 'Every city and how many chose it.',
  access: 'viewer',
  answers: ok('The cities.', staffCitiesSchema),
  errors: staffErrors('viewer'),
});

export const createCity = defineCall({
  method: 'post',
  path: '/api/admin/waitlist/cities',
  operationId: 'createCity',
  tag: 'staff-launch',
  summary: 'Add a city',
  description: 'Audited; 409 `city_exists` for a name on the list already.',
  access: 'admin',
  body: createCityBody,
  answers: { 201: { description: 'Added.', schema: staffCitySchema } },
  errors: [...BODY_ERRORS, 409, ...staffErrors('admin')],
});

export const deleteCity = defineCall({
  method: 'delete',
  path: '/api/admin/waitlist/cities/{id}',
  operationId: 'deleteCity',
  tag: 'staff-launch',
  summary: 'Remove a city',
  description: 'People keep their place; their city becomes none. Audited.',
  access: 'admin',
  params: { id: pathParam('A city id.', cityIdParam) },
  answers: { 204: { description: 'Removed.' } },
  errors: [400, 404, ...staffErrors('admin')],
});

export const getLaunchStats = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/launch-stats',
  operationId: 'getLaunchStats',
  tag: 'staff-launch',
  summary: 'Per city, and the top referrers',
  description: 'Confirmed, invited and admitted per city; the referrers with the most credits.',
  access: 'viewer',
  answers: ok('The figures.', launchStatsSchema),
  errors: staffErrors('viewer'),
});

export const revokeCredit = defineCall({
  method: 'post',
  path: '/api/admin/waitlist/credits/{referredId}/revoke',
  operationId: 'revokeCredit',
  tag: 'staff-launch',
  summary: 'Revoke a referral credit',
  description: 'The granted credit turns `revoked` and the referrer moves back. Audited.',
  access: 'admin',
  params: { referredId: pathParam('The referred entry whose credit goes.', referredIdParam) },
  body: revokeCreditBody,
  answers: ok('Revoked.', messageAnswer),
  errors: [...BODY_ERRORS, 404, ...staffErrors('admin')],
});

/** In the order the document lists them. */
export const STAFF_LAUNCH_CALLS = [
  inviteWave,
  previewWave,
  listWaves,
  listStaffCities,
  createCity,
  deleteCity,
  getLaunchStats,
  revokeCredit,
] as const;
