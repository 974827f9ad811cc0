import type { Language } from '@mmdm/contracts/languages';
import type { ListedCity, PlaceStatus } from '@mmdm/contracts/launch';
import { mailLinks, pagesUrl } from '@mmdm/contracts/web-paths';
import { AppError } from '@mmdm/shared/errors';
import type pg from 'pg';
import { inTransaction } from '../../lib/db.js';
import { erasedLinkPurpose } from '../../lib/erased-links.repository.js';
import { hashToken } from '../../lib/tokens.js';
import { entriesReadOf, type AuditActor, type AuditService } from '../audit/audit.service.js';
import { enqueueFriendJoined, enqueueMail } from '../mail/mail.service.js';
import { findCityOpening, listCityOpenings } from './city-opening.repository.js';
import { progressOf, toStaffCity } from './city-opening.service.js';
import {
  addCredits,
  cityPeople,
  deleteCity,
  enterLine,
  findByEntryId,
  findByToken,
  insertCity,
  listByPlaceOrCity,
  lockGrantedCreditOf,
  lockReferrerByCode,
  referralCodeCheck,
  markCreditRevoked,
  perCityCounts,
  placeRuleBoost,
  placesOf,
  recordCredit,
  setCityByToken,
  setLanguageByToken,
  topReferrers,
  type LaunchListQuery,
  type StatusRow,
} from './places.repository.js';

export interface PlacesServiceDeps {
  pool: pg.Pool;
  publicUrl: string;
  /** REFERRAL_MAX_CREDITS: credited referrals per referrer at most; later ones are recorded as refused. */
  maxCredits: number;
  /** The referral-fraud rules (wired in by the app): a rule's name holds the credit for review instead. */
  creditHold?: { ruleFor(client: pg.PoolClient, referrerId: string, referredId: string): Promise<string | null> };
  /** Staff changes and reads of this module are recorded here. */
  audit: AuditService;
  /** After a person chose a city: the city's opening takes its next step if it has one (the opening service's). */
  afterCityChosen?: (cityId: number) => Promise<void>;
}

const INVALID_LINK = () =>
  new AppError(404, 'token_invalid', 'This confirmation link is not valid. Sign up again to get a new one.');
/** The link was real, but its entry unsubscribed or was erased: its place, code and credits are gone with it. */
const ENTRY_REMOVED = () =>
  new AppError(
    410,
    'entry_removed',
    'This entry has been removed from the waitlist. Sign up again to get a new place.',
  );

/** Why a referral earned nothing, or that it earned a credit: the reason on its row. */
export type CreditOutcome = 'granted' | 'held' | 'self_referral' | 'cap_reached' | 'unknown_code' | 'no_code';

export function createPlacesService({
  pool,
  publicUrl,
  maxCredits,
  creditHold,
  audit,
  afterCityChosen,
}: PlacesServiceDeps) {
  const toStatus = (row: Omit<StatusRow, 'purpose' | 'expired'>, tokenExpired = false): PlaceStatus => ({
    email: row.email,
    status: row.status === 'unsubscribed' ? 'pending' : row.status,
    referralCode: row.referralCode,
    // In the person's language, as their mails' share links are: the friend reads the message in it first.
    shareUrl: row.referralCode ? mailLinks.share(pagesUrl(publicUrl, row.language), row.referralCode) : null,
    position: row.position,
    referralCount: row.referralCount,
    boost: row.boost,
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    city: row.cityId !== null && row.cityName !== null ? { id: row.cityId, name: row.cityName } : null,
    cityOther: row.cityOther,
    tokenExpired: row.status === 'pending' && tokenExpired,
    lineLength: row.lineLength,
    behind: row.position === null ? null : Math.max(row.lineLength - row.position, 0),
    friendsPending: row.friendsPending,
    friendsHeld: row.friendsHeld,
    language: row.language,
  });

  return {
    /**
     * In the confirmation's transaction, right after the entry became confirmed: it takes the next place in line,
     * credits its referrer by the rules, and queues its one welcome mail.
     */
    async onConfirmed(client: pg.PoolClient, entryId: string, requestId: string | null): Promise<CreditOutcome> {
      const { referralSource, emailCanonical } = await enterLine(client, entryId);
      await enqueueMail(client, entryId, 'welcome', requestId);
      if (!referralSource) return 'no_code';
      // An unknown code stays a source (referral_source) and credits nobody.
      const referrer = await lockReferrerByCode(client, referralSource);
      if (!referrer || referrer.id === entryId) return 'unknown_code';
      let outcome: CreditOutcome = 'granted';
      let rule: string | null = null;
      if (referrer.emailCanonical === emailCanonical) outcome = 'self_referral';
      else if (referrer.credits >= maxCredits) outcome = 'cap_reached';
      else if ((rule = (await creditHold?.ruleFor(client, referrer.id, entryId)) ?? null)) outcome = 'held';
      await recordCredit(client, {
        referrerId: referrer.id,
        referredId: entryId,
        state: outcome === 'granted' || outcome === 'held' ? outcome : 'refused',
        reason: outcome === 'granted' ? 'confirmed' : outcome,
        rule,
      });
      if (outcome === 'granted') {
        await addCredits(client, referrer.id, 1);
        await enqueueFriendJoined(client, referrer.id, requestId);
      }
      return outcome;
    },

    /** What the confirm answer adds: the entry's place and credits as they are after the confirmation. */
    async describe(entryId: string): Promise<PlaceStatus> {
      return toStatus(await findByEntryId(pool, entryId));
    },

    /**
     * Read-only status behind a confirmation link: the person's place, credits and city. Never changes anything (a
     * confirm token is not spent by reading it). Unknown, foreign-purpose or withdrawn: 404 like confirm.
     */
    async statusByConfirmToken(rawToken: string): Promise<PlaceStatus> {
      const hash = hashToken(rawToken);
      const row = await findByToken(pool, hash);
      if (row?.purpose === 'confirm' && row.status === 'unsubscribed') throw ENTRY_REMOVED();
      if (!row && (await erasedLinkPurpose(pool, hash)) === 'confirm') throw ENTRY_REMOVED();
      if (!row || row.purpose !== 'confirm') throw INVALID_LINK();
      return toStatus(row, row.expired);
    },

    async chooseCity(rawToken: string, choice: number | 'other' | null): Promise<PlaceStatus> {
      const hash = hashToken(rawToken);
      const result = await setCityByToken(pool, hash, choice);
      if (result === 'no_entry') throw INVALID_LINK();
      if (result === 'no_city') throw new AppError(400, 'validation_error', 'Choose a city from the list.');
      if (typeof choice === 'number') await afterCityChosen?.(choice);
      return this.statusByConfirmToken(rawToken);
    },

    /** The language of every mail from now on, chosen on the person's own page. */
    async chooseLanguage(rawToken: string, language: Language): Promise<PlaceStatus> {
      if (!(await setLanguageByToken(pool, hashToken(rawToken), language))) throw INVALID_LINK();
      return this.statusByConfirmToken(rawToken);
    },

    /** A share link's code: someone's on the list or not, and the boost; nothing about whose it is. */
    async checkReferralCode(code: string): Promise<{ valid: boolean; boost: number }> {
      return referralCodeCheck(pool, code);
    },

    /** The cities one may choose, each with a threshold with its progress (a row per city: no count of entries). */
    async cities(): Promise<ListedCity[]> {
      return (await listCityOpenings(pool)).map((row) => {
        const progress = progressOf(row);
        return progress ? { id: row.id, name: row.name, progress } : { id: row.id, name: row.name };
      });
    },

    /**
     * Erasure of an entry, before its row goes: the credit it gave is taken back from its referrer (the credit row
     * itself goes with the entry, on delete cascade). Returns the referrer whose credit went, for the audit log.
     */
    async beforeErase(client: pg.PoolClient, entryId: string): Promise<string | undefined> {
      const credit = await lockGrantedCreditOf(client, entryId);
      if (!credit) return undefined;
      await addCredits(client, credit.referrerId, -1);
      return credit.referrerId;
    },

    /** Staff: a credit found undeserved turns `revoked` and its referrer moves back, with its audit row. */
    async revokeCredit(referredId: string, reason: string, actor: AuditActor): Promise<string> {
      return inTransaction(pool, async (client) => {
        const credit = await lockGrantedCreditOf(client, referredId);
        if (!credit) throw new AppError(404, 'not_found', 'This entry gave no granted credit.');
        await markCreditRevoked(client, credit.creditId, reason, actor.actorSub);
        await addCredits(client, credit.referrerId, -1);
        await audit.change(client, actor, 'credit.revoke', credit.referrerId, { referredId, reason });
        return credit.referrerId;
      });
    },

    /** Moves a referrer by `delta` credits in the caller's transaction (the review queue grants a held credit). */
    async creditReferrer(client: pg.PoolClient, referrerId: string, delta: number): Promise<void> {
      await addCredits(client, referrerId, delta);
      // A held credit granted on review moves the referrer up too: they hear of it as of any other.
      if (delta > 0) await enqueueFriendJoined(client, referrerId, null);
    },

    /**
     * A page of the staff Users list ordered by place, or narrowed to a city (one row more than asked: "more"); the
     * entries module's list answers with it.
     */
    async listByPlaceOrCity(query: LaunchListQuery) {
      return listByPlaceOrCity(pool, query);
    },

    /** Position, credits and city of the entries on one page of the staff list. */
    async placesOf(ids: string[]) {
      if (!ids.length) return new Map<string, { position: number | null; credits: number; cityId: number | null }>();
      const rows = await placesOf(pool, ids);
      return new Map(rows.map((row) => [String(row.id), row]));
    },

    async staffCities() {
      const [cities, people] = await Promise.all([listCityOpenings(pool), cityPeople(pool)]);
      return { items: cities.map((city) => toStaffCity(city, people.get(city.id) ?? 0)) };
    },

    /** Staff: a city on the list, with its audit row. */
    async createCity(name: string, sort: number, actor: AuditActor) {
      return inTransaction(pool, async (client) => {
        const result = await insertCity(client, name, sort);
        if (!('created' in result))
          throw new AppError(
            409,
            'city_exists',
            `“${result.existing}” is on the list already: city names count as the same whatever their capitals and spaces.`,
          );
        const city = result.created;
        await audit.change(client, actor, 'city.create', String(city.id), { name });
        return toStaffCity((await findCityOpening(client, city.id))!, 0);
      });
    },

    /** People who chose it keep their place and choose again (their city becomes none). With its audit row. */
    async deleteCity(id: string, actor: AuditActor): Promise<void> {
      await inTransaction(pool, async (client) => {
        const name = await deleteCity(client, id);
        if (name === undefined) throw new AppError(404, 'not_found', 'No such city.');
        await audit.change(client, actor, 'city.delete', id, { name });
      });
    },

    /** The launch figures. The top referrers are addresses: the read is audited with them, before it is answered. */
    async launchStats(actor: AuditActor) {
      const [boost, cities, referrers] = await Promise.all([
        placeRuleBoost(pool),
        perCityCounts(pool),
        topReferrers(pool, 10),
      ]);
      await audit.read(actor, 'launch_stats.read', entriesReadOf(referrers.map((row) => row.id)));
      return {
        boost,
        cities: cities
          .filter((row) => row.cityId !== null || row.other || row.confirmed + row.invited + row.admitted > 0)
          .map((row) => ({
            city: row.cityId !== null && row.cityName !== null ? { id: row.cityId, name: row.cityName } : null,
            other: row.other,
            confirmed: row.confirmed,
            invited: row.invited,
            admitted: row.admitted,
          })),
        topReferrers: referrers.map((row) => ({ ...row, id: Number(row.id) })),
      };
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
