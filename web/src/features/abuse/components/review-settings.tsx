import { useState, type FormEvent } from 'react';
import { DOMAIN_MAX_LENGTH, REVIEW_REASONS } from '@mmdm/contracts/abuse-admin';
import { DataTable } from '../../../components/admin/data-table.js';
import { MutationError } from '../../../components/admin/mutation-error.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { QueryTable } from '../../../components/admin/query-table.js';
import { RowButton } from '../../../components/admin/row-button.js';
import { SelectField } from '../../../components/admin/select-field.js';
import { TextField } from '../../../components/admin/text-field.js';
import { DateTime } from '../../../components/admin/date-time.js';
import { TableEmail } from '../../../components/admin/table-email.js';
import { useDecideReview, type ReviewDecisionInput } from '../api/decide-review.js';
import { useDeleteDomainRule } from '../api/delete-domain-rule.js';
import { useDomainRules } from '../api/get-domain-rules.js';
import { useReviewQueue } from '../api/get-review-queue.js';
import { useSetDomainRule } from '../api/set-domain-rule.js';

const reasonText = (reason: string) => REVIEW_REASONS[reason as keyof typeof REVIEW_REASONS] ?? reason;

/**
 * Settings › Review: entries flagged at sign-up and referral credits held by a fraud rule, each with its reason,
 * to approve (the credit is granted, the referrer's place improves) or reject (the entry is marked rejected, its
 * credit never counts); and the e-mail domains refused or accepted beside the packaged throwaway list.
 */
export function ReviewSettings() {
  return (
    <div className="adm-stack">
      <ReviewQueue />
      <DomainRules />
    </div>
  );
}

function ReviewQueue() {
  const queue = useReviewQueue();
  const decide = useDecideReview();
  const [notice, setNotice] = useState<string>();
  const act = (input: ReviewDecisionInput, what: string) => {
    setNotice(undefined);
    decide.mutate(input, {
      onSuccess: () => setNotice(`${what}: ${input.decision === 'approve' ? 'approved' : 'rejected'}.`),
    });
  };
  const buttons = (input: Omit<ReviewDecisionInput, 'decision'>, what: string) => (
    <div className="adm-table__actions">
      <RowButton
        label={`Approve ${what}`}
        disabled={decide.isPending}
        onClick={() => act({ ...input, decision: 'approve' }, what)}
      >
        Approve
      </RowButton>
      <RowButton
        danger
        label={`Reject ${what}`}
        disabled={decide.isPending}
        onClick={() => act({ ...input, decision: 'reject' }, what)}
      >
        Reject
      </RowButton>
    </div>
  );

  return (
    <section className="adm-card" aria-label="Review queue">
      <h2 className="adm-section-title">Review queue</h2>
      <p className="adm-muted">
        Approve a held credit to grant it (the referrer moves up at once); reject to mark the entry rejected: it loses
        its place and its credit never counts. Every decision is in the audit log.
      </p>
      <p className="adm-notice" role="status">
        {notice}
      </p>
      <MutationError mutation={decide} />
      <QueryState query={queue} label="the review queue" />
      {queue.data && (
        <>
          <h3 className="adm-section-title">Held referral credits</h3>
          <DataTable
            label="Held referral credits"
            columns={['Referred', 'Referrer', 'Why held', 'Since', 'Decision']}
            rows={queue.data.credits}
            empty="No held credit."
          >
            {(credit) => (
              <tr key={credit.referredId}>
                <th scope="row">
                  <TableEmail address={credit.referredEmail} />
                </th>
                <td>
                  <TableEmail address={credit.referrerEmail} />
                </td>
                <td>{reasonText(credit.rule)}</td>
                <td>
                  <DateTime iso={credit.createdAt} />
                </td>
                <td>{buttons({ kind: 'credits', id: credit.referredId }, `the credit of ${credit.referredEmail}`)}</td>
              </tr>
            )}
          </DataTable>
          <h3 className="adm-section-title">Flagged entries</h3>
          <DataTable
            label="Flagged entries"
            columns={['Address', 'Status', 'Why flagged', 'Signed up', 'Decision']}
            rows={queue.data.entries}
            empty="No flagged entry."
          >
            {(entry) => (
              <tr key={entry.id}>
                <th scope="row">
                  <TableEmail address={entry.email} />
                </th>
                <td>{entry.status}</td>
                <td>{entry.reasons.map(reasonText).join('; ')}</td>
                <td>
                  <DateTime iso={entry.createdAt} />
                </td>
                <td>{buttons({ kind: 'entries', id: entry.id }, entry.email)}</td>
              </tr>
            )}
          </DataTable>
        </>
      )}
    </section>
  );
}

function DomainRules() {
  const rules = useDomainRules();
  const save = useSetDomainRule();
  const remove = useDeleteDomainRule();
  const [domain, setDomain] = useState('');
  const [rule, setRule] = useState<'deny' | 'allow'>('deny');
  const [notice, setNotice] = useState<string>();

  const add = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = domain.trim();
    if (!trimmed) return;
    setNotice(undefined);
    save.mutate(
      { domain: trimmed, rule },
      {
        onSuccess: (saved) => {
          setDomain('');
          setNotice(`${saved.domain} is ${saved.rule === 'deny' ? 'refused' : 'accepted'} from now on.`);
        },
      },
    );
  };

  return (
    <section className="adm-card" aria-label="E-mail domains">
      <h2 className="adm-section-title">E-mail domains</h2>
      <p className="adm-muted">
        Throwaway domains on the maintained list are refused already. Deny a domain it misses (and its subdomains), or
        allow one it lists wrongly (also skips the DNS check).
      </p>
      <form className="adm-form" onSubmit={add}>
        <TextField
          label="Domain"
          value={domain}
          maxLength={DOMAIN_MAX_LENGTH}
          placeholder="example.com"
          required
          onChange={(event) => setDomain(event.target.value)}
        />
        <SelectField label="Rule" value={rule} onChange={(event) => setRule(event.target.value as 'deny' | 'allow')}>
          <option value="deny">Deny</option>
          <option value="allow">Allow</option>
        </SelectField>
        <MutationError mutation={save} />
        <button type="submit" className="adm-button adm-button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save rule'}
        </button>
      </form>
      <QueryTable
        query={rules}
        notice={notice}
        what="the domain rules"
        rowsOf={(data) => data.items}
        label="E-mail domain rules"
        columns={['Domain', 'Rule', 'Since', 'Actions']}
        empty="No rule of your own yet."
      >
        {(item) => (
          <tr key={item.domain}>
            <th scope="row" className="adm-nobreak">
              {item.domain}
            </th>
            <td>{item.rule === 'deny' ? 'Deny' : 'Allow'}</td>
            <td>
              <DateTime iso={item.createdAt} />
            </td>
            <td>
              <RowButton
                danger
                label={`Remove the rule for ${item.domain}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(item.domain, {
                    onSuccess: () => setNotice(`The rule for ${item.domain} is removed.`),
                  })
                }
              >
                Remove
              </RowButton>
            </td>
          </tr>
        )}
      </QueryTable>
    </section>
  );
}
