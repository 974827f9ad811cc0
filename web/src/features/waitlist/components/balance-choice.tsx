import type { MessageDescriptor } from '@lingui/core';
import { useId, useState, type FormEvent } from 'react';
import { i18n } from '../../../lib/i18n/i18n.js';
import { richText } from '../../../lib/i18n/rich-text.js';
import {
  useBalance,
  useGiveBalance,
  useWithdrawBalance,
  type BalanceIdentity,
  type BalanceSeeking,
} from '../api/balance.js';

// The choices, translated where they are shown (`i18n._(IDENTITY_WORDS.woman)`).
const IDENTITY_WORDS: Record<BalanceIdentity, MessageDescriptor> = {
  woman: /*i18n*/ { id: 'web.place.balance.identity.woman', message: 'A woman' },
  man: /*i18n*/ { id: 'web.place.balance.identity.man', message: 'A man' },
  nonbinary: /*i18n*/ { id: 'web.place.balance.identity.nonbinary', message: 'Non-binary' },
};
const SEEKING_WORDS: Record<BalanceSeeking, MessageDescriptor> = {
  women: /*i18n*/ { id: 'web.place.balance.seeking.women', message: 'Women' },
  men: /*i18n*/ { id: 'web.place.balance.seeking.men', message: 'Men' },
  everyone: /*i18n*/ { id: 'web.place.balance.seeking.everyone', message: 'Everyone' },
};

/**
 * The two answers read back in one phrase ("Non-binary, hoping to meet everyone"): one message choosing its words, so
 * each language agrees them as its grammar wants (German capitalises the nouns English writes in lower case).
 */
function answerText(identity: BalanceIdentity, seeking: BalanceSeeking): string {
  return i18n._({
    id: 'web.place.balance.answer',
    message:
      '{identity, select, woman {A woman} man {A man} other {Non-binary}}, hoping to meet {seeking, select, women {women} men {men} other {everyone}}',
    values: { identity, seeking },
  });
}

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
    ? i18n._({ id: 'web.place.balance.saveError', message: 'We could not save this just now. Please try again.' })
    : withdraw.isError
      ? i18n._({ id: 'web.place.balance.deleteError', message: 'We could not delete this just now. Please try again.' })
      : withdraw.isSuccess
        ? i18n._({ id: 'web.place.balance.deleted', message: 'Deleted. We keep nothing about this any more.' })
        : give.isSuccess
          ? i18n._({ id: 'web.place.balance.saved', message: 'Saved.' })
          : '';
  const choose = i18n._({ id: 'web.place.balance.choose', message: 'Choose…' });

  return (
    <section className="card city-card balance-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {i18n._({ id: 'web.place.balance.title', message: "Who you'd like to meet (optional)" })}
      </h2>
      {kept.given ? (
        <>
          <p>
            {richText(
              i18n._({
                id: 'web.place.balance.told',
                message:
                  'You told us: <0>{answer}</0>. We use it only to balance who is invited together, and delete it when you are invited or leave.',
                values: {
                  answer:
                    kept.identity && kept.seeking
                      ? answerText(kept.identity, kept.seeking)
                      : i18n._({
                          id: 'web.place.balance.unreadable',
                          message: 'something we cannot read back just now',
                        }),
                },
              }),
              { 0: (answer) => <strong>{answer}</strong> },
            )}
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
            {withdraw.isPending
              ? i18n._({ id: 'web.place.balance.deleting', message: 'Deleting…' })
              : i18n._({ id: 'web.place.balance.withdraw', message: 'Withdraw and delete it' })}
          </button>
        </>
      ) : (
        <form onSubmit={submit}>
          <p>
            {i18n._({
              id: 'web.place.balance.lead',
              message:
                "So that the first people invited can find someone, you may tell us who you are and whom you hope to meet. You don't have to, and your place in line stays the same either way.",
            })}
          </p>
          <div className="field">
            <label htmlFor={`${id}-identity`}>
              {i18n._({ id: 'web.place.balance.identityLabel', message: 'I am' })}
            </label>
            <select
              id={`${id}-identity`}
              value={identity}
              onChange={(event) => setIdentity(event.target.value as BalanceIdentity | '')}
            >
              <option value="">{choose}</option>
              {(Object.keys(IDENTITY_WORDS) as BalanceIdentity[]).map((value) => (
                <option key={value} value={value}>
                  {i18n._(IDENTITY_WORDS[value])}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-seeking`}>
              {i18n._({ id: 'web.place.balance.seekingLabel', message: 'I hope to meet' })}
            </label>
            <select
              id={`${id}-seeking`}
              value={seeking}
              onChange={(event) => setSeeking(event.target.value as BalanceSeeking | '')}
            >
              <option value="">{choose}</option>
              {(Object.keys(SEEKING_WORDS) as BalanceSeeking[]).map((value) => (
                <option key={value} value={value}>
                  {i18n._(SEEKING_WORDS[value])}
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
              {i18n._({
                id: 'web.place.balance.consent',
                message:
                  "I agree that Meet Match Date Marry keeps these two answers, sealed, only to balance who is invited together, shows them to no one, and deletes them when I'm invited, leave the list or withdraw.",
              })}
            </label>
          </div>
          <button
            type="submit"
            className="button button--primary"
            disabled={!identity || !seeking || !consent || give.isPending}
          >
            {give.isPending
              ? i18n._({ id: 'web.place.balance.saving', message: 'Saving…' })
              : i18n._({ id: 'web.place.balance.save', message: 'Save' })}
          </button>
        </form>
      )}
      <p className="city-card__status" role="status">
        {status}
      </p>
    </section>
  );
}
