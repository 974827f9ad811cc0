// The "Your data" page's calls (`/your-data`): access, export and erasure by the person.
import { defineCall, BODY_ERRORS, ok } from './define-call.js';
import {
  DATA_LINK_TTL_MINUTES,
  DATA_SESSION_TTL_MINUTES,
  dataAccessBody,
  dataEraseBody,
  dataOpenAnswer,
  dataOpenBody,
} from '../privacy.js';
import { messageAnswer } from '../waitlist.js';

export const requestDataLink = defineCall({
  method: 'post',
  path: '/waitlist/data-access',
  operationId: 'requestDataLink',
  tag: 'privacy',
  access: 'public',
  summary: 'Ask for a link to one’s data',
  description: `Mails a single-use link (valid ${DATA_LINK_TTL_MINUTES} minutes) to the address if it is on the list, at most one per address every two minutes. The answer is the same whether it is listed or not.`,
  body: dataAccessBody,
  answers: ok('Asked (the same answer for a listed and an unlisted address).', messageAnswer),
  errors: [...BODY_ERRORS, 429, 503],
});

export const openDataLink = defineCall({
  method: 'post',
  path: '/waitlist/your-data/open',
  operationId: 'openDataLink',
  tag: 'privacy',
  access: 'public',
  summary: 'Open the link: everything held',
  description: `Spends the link and answers everything the waitlist holds about the address, and a session (valid ${DATA_SESSION_TTL_MINUTES} minutes) for the erasure.`,
  body: dataOpenBody,
  answers: ok('Everything held, and the session.', dataOpenAnswer),
  errors: [...BODY_ERRORS, 404, 409, 410],
});

export const eraseMyData = defineCall({
  method: 'post',
  path: '/waitlist/your-data/erase',
  operationId: 'eraseMyData',
  tag: 'privacy',
  access: 'public',
  summary: 'Erase everything now',
  description:
    'Erases the entry, its tokens, its mails and the credits it received at once (the credit it gave is taken back); the address may sign up again afterwards.',
  body: dataEraseBody,
  answers: ok('Erased.', messageAnswer),
  errors: [...BODY_ERRORS, 404, 410],
});

/** In the order the document lists them. */
export const PRIVACY_CALLS = [requestDataLink, openDataLink, eraseMyData] as const;
