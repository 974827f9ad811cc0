// Invitation waves, cities, credits (waitlist service).
import { defineCall, BODY_ERRORS, staffErrors, ok, pathParam } from './define-call.js';
import {
  cityOpeningBody,
  cityOpenedSchema,
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
    'answer, the rest by the worker within seconds; one invitation mail each. `invited` is how many were chosen. Audited. ' +
    'With `balance` (whole percentages per identity group adding up to 100; at least 20 people), the people who gave ' +
    'balance data are drafted so that each group is within ±2 points of its target, best places first within each ' +
    'group; those who said nothing are drafted by place as without it (decision 035). 500 `balance_data_unreadable` ' +
    'when the kept data does not open with the key: nothing is drafted.',
  access: 'admin',
  body: inviteWaveBody,
  answers: { 202: { description: 'The wave.', schema: waveAcceptedSchema } },
  errors: [...BODY_ERRORS, 404, 500, ...staffErrors('admin')],
});

export const previewWave = defineCall({
  method: 'get',
  path: '/api/admin/waitlist/invitations/preview',
  operationId: 'previewWave',
  tag: 'staff-launch',
  summary: 'How many a wave would invite',
  description:
    'Changes nothing. With a target mix (`woman`, `man`, `nonbinary`: whole percentages adding up to 100), `mix` ' +
    'gives the counts per group the balanced wave would send now, and of those who said nothing: counts only.',
  access: 'viewer',
  query: {
    schema: wavePreviewParams,
    descriptions: {
      count: 'How many to invite.',
      city: 'Only people in this city.',
      woman: 'Target percent of women (a balanced wave).',
      man: 'Target percent of men (a balanced wave).',
      nonbinary: 'Target percent of non-binary people (a balanced wave).',
    },
  },
  answers: ok('Matching now, and place holders there; the mix of a balanced wave.', wavePreviewSchema),
  errors: [400, 404, 500, ...staffErrors('viewer')],
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

export const setCityOpening = defineCall({
  method: 'patch',
  path: '/api/admin/waitlist/cities/{id}',
  operationId: 'setCityOpening',
  tag: 'staff-launch',
  summary: "Set a city's opening",
  description:
    'The threshold of people in the city at which it opens (null: never by itself), the size of its first wave, and ' +
    'whether the first wave goes at once (`auto`) or waits for an admin (`approve`). A city reaching its threshold ' +
    'opens once; an open city keeps its settings for the record. Audited.',
  access: 'admin',
  params: { id: pathParam('A city id.', cityIdParam) },
  body: cityOpeningBody,
  answers: ok('The city as it is now.', staffCitySchema),
  errors: [...BODY_ERRORS, 404, ...staffErrors('admin')],
});

export const openCity = defineCall({
  method: 'post',
  path: '/api/admin/waitlist/cities/{id}/open',
  operationId: 'openCity',
  tag: 'staff-launch',
  summary: 'Open a city awaiting approval',
  description:
    'Opens a city that reached its threshold and waits for approval, and sends its first wave in the same ' +
    'transaction. Idempotent: a city already open answers `alreadyOpen: true` and sends nothing; 409 ' +
    '`city_not_ready` for a city that has not reached its threshold. Audited.',
  access: 'admin',
  params: { id: pathParam('A city id.', cityIdParam) },
  answers: ok('Opened, or open already.', cityOpenedSchema),
  errors: [400, 404, 409, ...staffErrors('admin')],
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
  setCityOpening,
  openCity,
  getLaunchStats,
  revokeCredit,
] as const;
