import type { AttachedTicket, MemberTickets, TicketLink } from '@mmdm/contracts/tickets';
import type { StaffTicket, Tickets, TicketsQuery } from '@mmdm/contracts/tickets-admin';
import { mailLinks } from '@mmdm/contracts/web-paths';
import { AppError } from '@mmdm/shared/errors';
import type pg from 'pg';
import { inTransaction } from '../../lib/db.js';
import { erasedLinkPurpose } from '../../lib/erased-links.repository.js';
import { hashToken, ticketCode } from '../../lib/tokens.js';
import { entriesReadOf, type AuditActor, type AuditService } from '../audit/audit.service.js';
import {
  approveHeldTicket,
  friendById,
  insertTickets,
  keepTicketForConfirmation,
  listTickets,
  lockFriendByConfirmToken,
  lockTicket,
  markTicketUsed,
  memberByInviteToken,
  revokeTicket,
  takeBroughtTicket,
  ticketById,
  ticketStateByHash,
  ticketTotals,
  ticketsOf,
  type FriendRow,
  type StaffTicketRow,
} from './tickets.repository.js';

export interface TicketsServiceDeps {
  pool: pg.Pool;
  publicUrl: string;
  /** TICKETS_PER_MEMBER. */
  perMember: number;
  /** The referral-fraud rules: a ticket's use is weighed as a referral by its member (abuse/referral-rules.ts). */
  hold?: { ruleFor(client: pg.PoolClient, referrerId: string, referredId: string): Promise<string | null> };
  audit: AuditService;
}

const TICKET_INVALID = () => new AppError(404, 'ticket_invalid', 'This ticket link is not valid.');
const TICKET_USED = () => new AppError(409, 'ticket_used', 'This ticket has been used already.');
const TICKET_REVOKED = () => new AppError(410, 'ticket_revoked', 'This ticket has been withdrawn.');
const TICKET_OWN = () =>
  new AppError(409, 'ticket_own', 'This is your own ticket: give it to a friend, who skips the line with it.');
const NOT_NEEDED = () =>
  new AppError(
    409,
    'ticket_not_needed',
    'You are invited already, or already hold a ticket: keep this one for someone else.',
  );
const LINK_INVALID = () =>
  new AppError(404, 'token_invalid', 'This confirmation link is not valid. Sign up again to get a new one.');
const ENTRY_REMOVED = () =>
  new AppError(
    410,
    'entry_removed',
    'This entry has been removed from the waitlist. Sign up again to get a new place.',
  );
const INVITATION_INVALID = () => new AppError(404, 'token_invalid', 'This invitation link is not valid.');
const INVITATION_REMOVED = () =>
  new AppError(410, 'entry_removed', 'This invitation belonged to an entry that has been removed from the waitlist.');

/** Slots 1..perMember of a member's invitation token, as their codes' hashes. */
function hashesFor(rawInviteToken: string, perMember: number): Buffer[] {
  return Array.from({ length: perMember }, (_, index) => hashToken(ticketCode(rawInviteToken, index + 1)));
}

function toStaffTicket(row: StaffTicketRow): StaffTicket {
  return {
    id: Number(row.id),
    owner: { id: Number(row.ownerId), email: row.ownerEmail },
    createdAt: row.createdAt.toISOString(),
    state: row.state,
    usedBy:
      row.usedById !== null && row.usedByEmail !== null ? { id: Number(row.usedById), email: row.usedByEmail } : null,
    usedAt: row.usedAt ? row.usedAt.toISOString() : null,
    heldRule: row.heldRule,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
    revokedReason: row.revokedReason,
  };
}

export function createTicketsService({ pool, publicUrl, perMember, hold, audit }: TicketsServiceDeps) {
  /**
   * Uses the ticket for the friend's entry, in the caller's transaction (the friend's row locked by it). Idempotent
   * for the friend who used it; anyone else meets the refusal that says why.
   */
  async function use(client: pg.PoolClient, friend: FriendRow, hash: Buffer): Promise<'used'> {
    const ticket = await lockTicket(client, hash);
    if (!ticket) throw TICKET_INVALID();
    if (ticket.revokedAt) throw TICKET_REVOKED();
    if (ticket.usedBy === friend.entryId) return 'used';
    if (ticket.usedAt) throw TICKET_USED();
    // Their own ticket, or one of theirs under another spelling of their address (case, +tags, dots, a number).
    if (ticket.ownerId === friend.entryId || ticket.ownerAlias === friend.alias) throw TICKET_OWN();
    if (friend.holdsTicket) throw NOT_NEEDED();
    // Weighed as a referral by the member: a farm of addresses on one network or device is held, not put first.
    const rule = (await hold?.ruleFor(client, ticket.ownerId, friend.entryId)) ?? null;
    if (!(await markTicketUsed(client, ticket.id, friend.entryId, rule))) throw TICKET_USED();
    return 'used';
  }

  /** Refusals a ticket meets before it is used (for an entry that keeps it until it confirms). */
  async function checkUsable(client: pg.PoolClient, friend: FriendRow, hash: Buffer): Promise<void> {
    const ticket = await lockTicket(client, hash);
    if (!ticket) throw TICKET_INVALID();
    if (ticket.revokedAt) throw TICKET_REVOKED();
    if (ticket.usedAt && ticket.usedBy !== friend.entryId) throw TICKET_USED();
    if (ticket.ownerId === friend.entryId || ticket.ownerAlias === friend.alias) throw TICKET_OWN();
  }

  return {
    /**
     * In the admission's transaction: the member's tickets (their codes derived from the invitation token the
     * person holds, so the invitation page can show them again and the database keeps only hashes).
     */
    async issue(client: pg.PoolClient, ownerId: string, rawInviteToken: string): Promise<void> {
      await insertTickets(client, ownerId, hashesFor(rawInviteToken, perMember));
    },

    /**
     * An admitted member's tickets, as the invitation page lists them. A member admitted before tickets existed (or
     * before TICKETS_PER_MEMBER grew) gets the missing ones here, the same codes the admission would have made.
     */
    async memberTickets(rawInviteToken: string): Promise<MemberTickets> {
      const hash = hashToken(rawInviteToken);
      const member = await memberByInviteToken(pool, hash);
      if (member?.purpose === 'invite' && member.status === 'unsubscribed') throw INVITATION_REMOVED();
      if (!member && (await erasedLinkPurpose(pool, hash)) === 'invite') throw INVITATION_REMOVED();
      if (!member || member.purpose !== 'invite' || (member.status !== 'invited' && member.status !== 'admitted')) {
        throw INVITATION_INVALID();
      }
      if (member.status !== 'admitted') return { tickets: [] };
      let rows = await ticketsOf(pool, member.entryId);
      if (rows.length < perMember) {
        await insertTickets(pool, member.entryId, hashesFor(rawInviteToken, perMember));
        rows = await ticketsOf(pool, member.entryId);
      }
      return {
        tickets: rows.map((row) => ({
          url: mailLinks.ticket(publicUrl, ticketCode(rawInviteToken, row.slot)),
          state: row.state,
        })),
      };
    },

    /** What a ticket link's page shows; nothing about whose it is. */
    async ticketLink(code: string): Promise<TicketLink> {
      const state = await ticketStateByHash(pool, hashToken(code));
      if (!state) throw TICKET_INVALID();
      return { state };
    },

    /**
     * In the confirmation's transaction, once the entry holds its place: the ticket its sign-up brought is used. A
     * ticket that cannot be (used by someone else meanwhile, revoked, the person's own) is dropped: the confirmation
     * itself never fails for it, and the person keeps their place.
     */
    async onConfirmed(client: pg.PoolClient, entryId: string): Promise<'used' | 'none' | 'refused'> {
      const hash = await takeBroughtTicket(client, entryId);
      if (!hash) return 'none';
      try {
        await client.query('savepoint ticket_use');
        await use(client, await friendById(client, entryId), hash);
        await client.query('release savepoint ticket_use');
        return 'used';
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await client.query('rollback to savepoint ticket_use');
        return 'refused';
      }
    },

    /**
     * A person already in line uses a ticket, proving the entry is theirs by their confirmation link's token (no
     * address is sent: nothing is learnt about who is listed). Pending: kept for the confirmation.
     */
    async attach(rawToken: string, code: string): Promise<AttachedTicket> {
      const hash = hashToken(rawToken);
      return inTransaction(pool, async (client) => {
        const friend = await lockFriendByConfirmToken(client, hash);
        if (friend?.purpose === 'confirm' && friend.status === 'unsubscribed') throw ENTRY_REMOVED();
        if (!friend && (await erasedLinkPurpose(client, hash)) === 'confirm') throw ENTRY_REMOVED();
        if (!friend || friend.purpose !== 'confirm') throw LINK_INVALID();
        const ticketHash = hashToken(code);
        if (friend.status === 'invited' || friend.status === 'admitted') {
          // The member opening their own ticket from their place link: say that, not "invited already".
          await checkUsable(client, friend, ticketHash);
          throw NOT_NEEDED();
        }
        if (friend.status === 'pending') {
          await checkUsable(client, friend, ticketHash);
          await keepTicketForConfirmation(client, friend.entryId, ticketHash);
          return { state: 'attached' };
        }
        return { state: await use(client, friend, ticketHash) };
      });
    },

    /** Staff: the figures and the newest tickets; the addresses shown are an audited read. */
    async list(query: TicketsQuery, actor: AuditActor): Promise<Tickets> {
      const [totals, rows] = await Promise.all([ticketTotals(pool), listTickets(pool, query.state, query.limit)]);
      const shown = rows.flatMap((row) => (row.usedById ? [row.ownerId, row.usedById] : [row.ownerId]));
      if (shown.length) await audit.read(actor, 'tickets.read', { state: query.state, ...entriesReadOf(shown) });
      return { totals, items: rows.map(toStaffTicket) };
    },

    /** Staff (admin): a held ticket's hold is lifted (its friend goes first now), audited in the same transaction. */
    async approve(id: string, actor: AuditActor): Promise<StaffTicket> {
      return inTransaction(pool, async (client) => {
        const before = await ticketById(client, id);
        if (!before) throw new AppError(404, 'not_found', 'No such ticket.');
        if (!(await approveHeldTicket(client, id))) {
          throw new AppError(409, 'ticket_not_held', 'Only a ticket held by a referral rule can be approved.');
        }
        await audit.change(client, actor, 'ticket.approve', id, {
          rule: before.heldRule,
          owner: before.ownerId,
          usedBy: before.usedById,
        });
        return toStaffTicket((await ticketById(client, id))!);
      });
    },

    /** Staff (admin): the ticket is withdrawn, audited in the same transaction. */
    async revoke(id: string, reason: string, actor: AuditActor & { actorSub: string }): Promise<StaffTicket> {
      return inTransaction(pool, async (client) => {
        const outcome = await revokeTicket(client, id, actor.actorSub, reason);
        if (outcome === 'missing') throw new AppError(404, 'not_found', 'No such ticket.');
        if (outcome === 'already') throw new AppError(409, 'ticket_revoked', 'This ticket is revoked already.');
        const ticket = (await ticketById(client, id))!;
        await audit.change(client, actor, 'ticket.revoke', id, {
          reason,
          owner: ticket.ownerId,
          usedBy: ticket.usedById,
        });
        return toStaffTicket(ticket);
      });
    },
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
