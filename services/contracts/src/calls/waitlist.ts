// The public waitlist's calls: sign-up, confirmation, unsubscribe, places, cities and invitations.
import { defineCall, BODY_ERRORS, ok } from './define-call.js';
import {
  balanceAnswer,
  balanceBody,
  balanceTokenBody,
  citiesAnswer,
  cityChoiceBody,
  confirmLinkAnswer,
  confirmedPlaceAnswer,
  invitationAnswer,
  invitationTokenBody,
  languageChoiceBody,
  placeStatusAnswer,
  tokenQuery as launchTokenQuery,
} from '../launch.js';
import {
  challengeAnswer,
  joinAnswer,
  messageAnswer,
  oneClickBody,
  referralCheckAnswer,
  referralQuery,
  signupBody,
  tokenBody,
  tokenQuery,
  unsubscribeLinkAnswer,
} from '../waitlist.js';

export const joinWaitlist = defineCall({
  method: 'post',
  path: '/waitlist',
  operationId: 'joinWaitlist',
  tag: 'waitlist',
  access: 'public',
  summary: 'Join the waitlist',
  description:
    'Double opt-in sign-up: a confirmation mail goes out. The answer is the same for a new and a known address, so nobody can learn who signed up. When the service asks for proof of work (GET /waitlist/challenge), `altcha` carries the solution; without it the answer is 400 `challenge_required` and nothing is written. A throwaway or mail-less domain: 400 `email_not_permanent`. `website` is a hidden honeypot field: filled, the answer is the same 200 and nothing is written.',
  body: signupBody,
  answers: ok('Joined (or already on the list: the same answer).', joinAnswer),
  errors: [...BODY_ERRORS, 429, 503],
});

export const getSignupChallenge = defineCall({
  method: 'get',
  path: '/waitlist/challenge',
  operationId: 'getSignupChallenge',
  tag: 'waitlist',
  access: 'public',
  summary: 'A proof-of-work challenge for the sign-up form (ALTCHA)',
  description:
    "An ALTCHA v2 challenge (SHA-256, deterministic) the page solves in the background; its solution goes in the sign-up's `altcha` field (base64 of `{challenge, solution}`) and is accepted once. `required`: whether a sign-up sent now needs it. Never cached.",
  answers: ok('A challenge, or null when none is asked for (SIGNUP_CHALLENGE=off).', challengeAnswer),
  errors: [],
});

export const checkReferralCode = defineCall({
  method: 'get',
  path: '/waitlist/referral',
  operationId: 'checkReferralCode',
  tag: 'waitlist',
  access: 'public',
  summary: "Whether a share link's code is someone's on the list",
  description:
    'What the sign-up page opened by a share link (`/waitlist?ref=CODE`) may know: `valid` (the code belongs to someone confirmed, invited or admitted) and `boost` (REFERRAL_BOOST, the same for every code). Nothing about whose code it is. 300 checks per client address per 15 minutes, then 429. Never cached.',
  query: { schema: referralQuery, descriptions: { code: 'The code of the share link.' } },
  answers: ok('Whether the code is valid, and the boost.', referralCheckAnswer),
  errors: [400, 429],
});

export const getConfirmationStatus = defineCall({
  method: 'get',
  path: '/waitlist/confirm',
  operationId: 'getConfirmationStatus',
  tag: 'waitlist',
  access: 'public',
  summary: 'What a confirmation link stands for (read-only)',
  description: 'Changes nothing and spends nothing, so a mail scanner that opens the link confirms nobody.',
  query: { schema: tokenQuery, descriptions: { token: 'The confirmation token from the mail.' } },
  answers: ok(
    '`pending`, or confirmed (also invited or admitted since) with the referral code and the place.',
    confirmLinkAnswer,
  ),
  errors: [400, 404, 409, 410],
});

export const confirmSignup = defineCall({
  method: 'post',
  path: '/waitlist/confirm',
  operationId: 'confirmSignup',
  tag: 'waitlist',
  access: 'public',
  summary: 'Confirm an address',
  description:
    'Confirms the entry, gives it a place in line and its referral code. A 409 `token_used` for an address already confirmed still carries the entry in `data`.',
  body: tokenBody,
  answers: ok('Confirmed: the entry with its referral code, share link and place.', confirmedPlaceAnswer),
  errors: [...BODY_ERRORS, 404, 409, 410],
});

export const resendConfirmation = defineCall({
  method: 'post',
  path: '/waitlist/resend',
  operationId: 'resendConfirmation',
  tag: 'waitlist',
  access: 'public',
  summary: 'Ask for a new confirmation mail',
  description:
    'Takes an expired or used confirmation token. The answer is the same whatever the token (no enumeration).',
  body: tokenBody,
  answers: ok('A sentence; a mail is queued if the entry is pending and out of its cooldown.', messageAnswer),
  errors: [...BODY_ERRORS, 429],
});

export const unsubscribe = defineCall({
  method: 'post',
  path: '/waitlist/unsubscribe',
  operationId: 'unsubscribe',
  tag: 'waitlist',
  access: 'public',
  summary: 'Unsubscribe (JSON, or RFC 8058 one-click)',
  description:
    'JSON `{token}` from the page, or RFC 8058 one-click from a mail provider: `?token=` in the query and the form body `List-Unsubscribe=One-Click`.',
  query: {
    schema: tokenQuery,
    descriptions: { token: 'One-click only: the unsubscribe token of the mail header.' },
    optional: true,
  },
  body: tokenBody,
  extraBodies: { 'application/x-www-form-urlencoded': oneClickBody },
  answers: ok('Unsubscribed.', messageAnswer),
  errors: [...BODY_ERRORS, 404],
});

export const openUnsubscribeLink = defineCall({
  method: 'get',
  path: '/waitlist/unsubscribe',
  operationId: 'openUnsubscribeLink',
  tag: 'waitlist',
  access: 'public',
  summary: 'Open an unsubscribe link',
  description: 'A GET never changes state: it sends the person to the page that asks and POSTs.',
  query: {
    schema: tokenQuery,
    descriptions: { token: 'The unsubscribe token from the mail.' },
    valueSchema: { type: 'string' },
  },
  answers: {
    303: {
      description: 'To the unsubscribe page, `/unsubscribe?token=…`.',
      headers: { Location: { description: 'The page.', schema: { type: 'string' } } },
    },
  },
  errors: [],
});

export const getUnsubscribeLink = defineCall({
  method: 'get',
  path: '/waitlist/unsubscribe/link',
  operationId: 'getUnsubscribeLink',
  tag: 'waitlist',
  access: 'public',
  summary: 'What an unsubscribe link stands for (read-only)',
  description:
    'The address the link unsubscribes and whether that is done (used before, or the entry erased since: then the address is null). Changes nothing.',
  query: { schema: tokenQuery, descriptions: { token: 'The unsubscribe token from the mail.' } },
  answers: ok('The address and whether it is unsubscribed already.', unsubscribeLinkAnswer),
  errors: [400, 404],
});

export const getPlaceStatus = defineCall({
  method: 'get',
  path: '/waitlist/status',
  operationId: 'getPlaceStatus',
  tag: 'launch',
  access: 'public',
  summary: 'A place in line (read-only)',
  description: 'What the confirmation link shows: the place, credited friends, the chosen city.',
  query: { schema: launchTokenQuery, descriptions: { token: 'A confirmation token.' } },
  answers: ok('The place status.', placeStatusAnswer),
  errors: [400, 404, 410],
});

export const listCities = defineCall({
  method: 'get',
  path: '/waitlist/cities',
  operationId: 'listCities',
  tag: 'launch',
  access: 'public',
  summary: 'Cities one may choose',
  description: 'The cities of the launch, in their order.',
  answers: ok('The cities.', citiesAnswer),
  errors: [],
});

export const chooseCity = defineCall({
  method: 'post',
  path: '/waitlist/city',
  operationId: 'chooseCity',
  tag: 'launch',
  access: 'public',
  summary: 'Choose a city',
  description: "A confirmed person's city: a city id, `'other'`, or null to say nothing.",
  body: cityChoiceBody,
  answers: ok('Saved: the place status.', placeStatusAnswer),
  errors: [...BODY_ERRORS, 404],
});

export const chooseLanguage = defineCall({
  method: 'post',
  path: '/waitlist/language',
  operationId: 'chooseLanguage',
  tag: 'launch',
  access: 'public',
  summary: "Choose the language of one's mails",
  description:
    'The language every mail to the person is written in from now on (en, es, pt, de or fr), set with their confirmation link; pending entries too.',
  body: languageChoiceBody,
  answers: ok('Saved: the place status.', placeStatusAnswer),
  errors: [...BODY_ERRORS, 404],
});

export const getInvitation = defineCall({
  method: 'get',
  path: '/waitlist/invitation',
  operationId: 'getInvitation',
  tag: 'launch',
  access: 'public',
  summary: 'An invitation (read-only)',
  description: 'What the invitation link stands for.',
  query: { schema: launchTokenQuery, descriptions: { token: 'An invitation token.' } },
  answers: ok('The invitation.', invitationAnswer),
  errors: [400, 404, 410],
});

export const acceptInvitation = defineCall({
  method: 'post',
  path: '/waitlist/invitation/accept',
  operationId: 'acceptInvitation',
  tag: 'launch',
  access: 'public',
  summary: 'Accept an invitation',
  description: 'The entry becomes `admitted`. Idempotent.',
  body: invitationTokenBody,
  answers: ok('Admitted.', invitationAnswer),
  errors: [...BODY_ERRORS, 404],
});

const BALANCE_PRIVACY =
  'Special-category data (GDPR Art. 9), given only with consent and only to balance who is invited together: kept ' +
  'sealed (AES-256-GCM), shown to nobody but the holder of this link, never to staff, in exports, logs or webhooks, ' +
  'and erased when the person is invited, admitted or leaves.';

export const getBalance = defineCall({
  method: 'get',
  path: '/waitlist/place/balance',
  operationId: 'getBalance',
  tag: 'launch',
  access: 'public',
  summary: 'Whether one said who one is and whom one hopes to meet (read-only)',
  description: `What the status page shows the person: whether they gave it, and what they gave. ${BALANCE_PRIVACY}`,
  query: { schema: launchTokenQuery, descriptions: { token: 'A confirmation token.' } },
  answers: ok('Given or not, and what.', balanceAnswer),
  errors: [400, 404, 410],
});

export const giveBalance = defineCall({
  method: 'put',
  path: '/waitlist/place/balance',
  operationId: 'giveBalance',
  tag: 'launch',
  access: 'public',
  summary: 'Say who one is and whom one hopes to meet',
  description:
    'Only for a person holding a place (confirmed, not yet invited): 409 `balance_closed` once invited or admitted. ' +
    `Replaces what was given before. \`consent\` must be true. ${BALANCE_PRIVACY}`,
  body: balanceBody,
  answers: ok('Kept.', balanceAnswer),
  errors: [...BODY_ERRORS, 404, 409, 410],
});

export const withdrawBalance = defineCall({
  method: 'delete',
  path: '/waitlist/place/balance',
  operationId: 'withdrawBalance',
  tag: 'launch',
  access: 'public',
  summary: 'Withdraw the consent: what one said is deleted',
  description: 'Deletes it at once (the same answer when nothing was given). The place in line stays as it is.',
  body: balanceTokenBody,
  answers: ok('Deleted.', balanceAnswer),
  errors: [...BODY_ERRORS, 404, 410],
});

/** In the order the document lists them. */
export const WAITLIST_CALLS = [
  joinWaitlist,
  getSignupChallenge,
  checkReferralCode,
  getConfirmationStatus,
  confirmSignup,
  resendConfirmation,
  unsubscribe,
  openUnsubscribeLink,
  getUnsubscribeLink,
  getPlaceStatus,
  listCities,
  chooseCity,
  getBalance,
  giveBalance,
  withdrawBalance,
  getInvitation,
  acceptInvitation,
] as const;
