import { useId, useState, type FormEvent } from 'react';
import {
  useBalance,
  useGiveBalance,
  useWithdrawBalance,
  type BalanceIdentity,
  type BalanceSeeking,
} from '../api/balance.js';

const IDENTITY_WORDS: Record<BalanceIdentity, string> = { woman: 'A woman', man: 'A man', nonbinary: 'Non-binary' };
const SEEKING_WORDS: Record<BalanceSeeking, string> = { women: 'Women', men: 'Men', everyone: 'Everyone' };

/**
 * The optional "who you are and whom you hope to meet" (decision 035), on the status page only, never on the sign-up
 * form. Used for one thing, said in the consent sentence: to balance who is invited together. Withdrawing deletes it.
 */
export function BalanceChoice({ token }: { token: string }) {
  const id = useId();
  const balance = useBalance(token);
  const give = useGiveBalance(token);
  const withdraw = useWithdrawBalance(token);
  const [identity, setIdentity] = useState<BalanceIdentity | ''>('');
  const [seeking, setSeeking] = useState<BalanceSeeking | ''>('');
  const [consent, setConsent] = useState(false);

  if (!balance.data) return null;
  const kept = balance.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!identity || !seeking || !consent) return;
    withdraw.reset();
    give.mutate({ token, identity, seeking });
  };

  const status = give.isError
    ? 'We could not save this just now. Please try again.'
    : withdraw.isError
      ? 'We could not delete this just now. Please try again.'
      : withdraw.isSuccess
        ? 'Deleted. We keep nothing about this any more.'
        : give.isSuccess
          ? 'Saved.'
          : '';

  return (
    <section className="card city-card balance-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Who you'd like to meet (optional)</h2>
      {kept.given ? (
        <>
          <p>
            You told us:{' '}
            <strong>
              {kept.identity && kept.seeking
                ? `${IDENTITY_WORDS[kept.identity]}, hoping to meet ${SEEKING_WORDS[kept.seeking].toLowerCase()}`
                : 'something we cannot read back just now'}
            </strong>
            . We use it only to balance who is invited together, and delete it when you are invited or leave.
          </p>
          <button
            type="button"
            className="button button--ghost"
            disabled={withdraw.isPending}
            onClick={() => {
              give.reset();
              setConsent(false);
              withdraw.mutate({ token });
            }}
          >
            {withdraw.isPending ? 'Deleting…' : 'Withdraw and delete it'}
          </button>
        </>
      ) : (
        <form onSubmit={submit}>
          <p>
            So that the first people invited can find someone, you may tell us who you are and whom you hope to meet.
            You don't have to, and your place in line stays the same either way.
          </p>
          <div className="field">
            <label htmlFor={`${id}-identity`}>I am</label>
            <select
              id={`${id}-identity`}
              value={identity}
              onChange={(event) => setIdentity(event.target.value as BalanceIdentity | '')}
            >
              <option value="">Choose…</option>
              {(Object.keys(IDENTITY_WORDS) as BalanceIdentity[]).map((value) => (
                <option key={value} value={value}>
                  {IDENTITY_WORDS[value]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-seeking`}>I hope to meet</label>
            <select
              id={`${id}-seeking`}
              value={seeking}
              onChange={(event) => setSeeking(event.target.value as BalanceSeeking | '')}
            >
              <option value="">Choose…</option>
              {(Object.keys(SEEKING_WORDS) as BalanceSeeking[]).map((value) => (
                <option key={value} value={value}>
                  {SEEKING_WORDS[value]}
                </option>
              ))}
            </select>
          </div>
          <div className="balance-card__consent">
            <input
              id={`${id}-consent`}
              type="checkbox"
              checked={consent}
              onChange={(event) => setConsent(event.target.checked)}
            />
            <label htmlFor={`${id}-consent`}>
              I agree that Meet Match Date Marry keeps these two answers, sealed, only to balance who is invited
              together, shows them to no one, and deletes them when I'm invited, leave the list or withdraw.
            </label>
          </div>
          <button
            type="submit"
            className="button button--primary"
            disabled={!identity || !seeking || !consent || give.isPending}
          >
            {give.isPending ? 'Saving…' : 'Save'}
          </button>
        </form>
      )}
      <p className="city-card__status" role="status">
        {status}
      </p>
    </section>
  );
}
