import type { Queryable } from '../../lib/db.js';

export interface DomainRuleRow {
  domain: string;
  rule: 'deny' | 'allow';
  createdAt: Date;
  createdBy: string | null;
}

export async function listDomainRules(db: Queryable): Promise<DomainRuleRow[]> {
  const { rows } = await db.query<DomainRuleRow>(
    `select domain, rule, created_at as "createdAt", created_by as "createdBy" from waitlist.domain_rules order by domain`,
  );
  return rows;
}

/** Adds the rule, or changes a domain's rule (one rule per domain). */
export async function upsertDomainRule(
  db: Queryable,
  domain: string,
  rule: 'deny' | 'allow',
  createdBy: string,
): Promise<DomainRuleRow> {
  const { rows } = await db.query<DomainRuleRow>(
    `insert into waitlist.domain_rules (domain, rule, created_by) values ($1, $2, $3)
     on conflict (domain) do update set rule = excluded.rule, created_at = now(), created_by = excluded.created_by
     returning domain, rule, created_at as "createdAt", created_by as "createdBy"`,
    [domain, rule, createdBy],
  );
  return rows[0]!;
}

export async function deleteDomainRule(db: Queryable, domain: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from waitlist.domain_rules where domain = $1', [domain]);
  return (rowCount ?? 0) > 0;
}
