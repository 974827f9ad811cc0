// The service's answers as the page receives them, built with a test's own overrides: each test says only what its
// case is about, and the typed answer (the contracts' own type) changes with the contract.
import type { ConfirmedPlace, Invitation } from '@mmdm/contracts/launch';
import type { PersonalData } from '@mmdm/contracts/privacy';

/**
 * A confirmed person's place as GET /waitlist/confirm answers it: Ada, 42nd of 1,234 with three friends credited, no
 * city chosen, mails in English.
 */
export function buildPlace(overrides: Partial<ConfirmedPlace> = {}): ConfirmedPlace {
  return {
    email: 'ada@example.com',
    status: 'confirmed',
    referralCode: 'ADA-7K2Q',
    shareUrl: 'http://localhost:8080/waitlist?ref=ADA-7K2Q',
    position: 42,
    referralCount: 3,
    boost: 10,
    confirmedAt: '2026-03-03T10:00:00.000Z',
    city: null,
    cityOther: false,
    tokenExpired: false,
    lineLength: 1234,
    behind: 1192,
    friendsPending: 0,
    friendsHeld: 0,
    language: 'en',
    ...overrides,
  };
}

/** An invitation as GET /waitlist/invitation answers it: Ada, invited to Berlin, not accepted yet, the apps not out. */
export function buildInvitation(overrides: Partial<Invitation> = {}): Invitation {
  return {
    email: 'ada@example.com',
    status: 'invited',
    invitedAt: '2026-04-01T09:00:00.000Z',
    admittedAt: null,
    city: { id: 3, name: 'Berlin' },
    stores: { appStore: null, playStore: null },
    ...overrides,
  };
}

/**
 * What the "Your data" page shows once opened: Ada, confirmed in Lisbon with her own credit granted, one message
 * written to us and her balance answer given; never reviewed, invited or suppressed.
 */
export function buildPersonalData(overrides: Partial<PersonalData> = {}): PersonalData {
  return {
    exportedAt: '2026-11-25T10:00:00.000Z',
    email: 'ada@example.com',
    status: 'confirmed',
    signedUpAt: '2026-11-01T10:00:00.000Z',
    confirmedAt: '2026-11-01T10:05:00.000Z',
    unsubscribedAt: null,
    invitedAt: null,
    admittedAt: null,
    lastMailQueuedAt: '2026-11-01T10:00:00.000Z',
    placeLinkQueuedAt: null,
    updatedAt: '2026-11-01T10:05:00.000Z',
    referralSource: 'FRIEND01',
    referralCode: 'ADA7K2Q9',
    place: 1234,
    city: 'Lisbon',
    cityOther: false,
    language: 'de',
    credits: {
      given: {
        state: 'granted',
        reason: 'confirmed',
        rule: null,
        at: '2026-11-01T10:05:00.000Z',
        decidedAt: '2026-11-01T10:05:00.000Z',
        decidedBy: 'automatic',
      },
      received: [],
      granted: 2,
    },
    review: null,
    invitationWave: null,
    consent: { at: '2026-11-01T10:00:00.000Z', policyVersion: 'sha256-59b9a38486edc442' },
    suppression: null,
    mails: [{ kind: 'confirmation', queuedAt: '2026-11-01T10:00:00.000Z', sentAt: '2026-11-01T10:00:01.000Z' }],
    messages: [{ receivedAt: '2026-11-02T09:00:00.000Z', name: 'Ada', message: 'Will Porto be in the first wave?' }],
    balance: { given: true, identity: 'nonbinary', seeking: 'everyone' },
    ...overrides,
  };
}
