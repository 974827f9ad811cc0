import type { MessageDescriptor } from '@lingui/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DataOpenAnswer } from '@mmdm/contracts/privacy';
import { paths } from '../../../config/paths.js';
import { i18n } from '../../../lib/i18n/i18n.js';
import { LocalizedLink } from '../../../lib/i18n/localized-link.js';
import { richText } from '../../../lib/i18n/rich-text.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useEraseMyData } from '../api/erase-my-data.js';
import { useOpenDataLink } from '../api/open-data-link.js';
import { PersonalDataView } from './personal-data-view.js';
import { dataMessages, RequestLinkForm } from './request-link-form.js';
import { RequestButton } from '../../../components/ui/request-button.js';

/** The page's heading, asking for the link and showing the data alike. */
const title = /*i18n*/ { id: 'web.yourData.title', message: 'Your data' };

/** Offers the data as a JSON file, made in the browser from what the page already shows. */
function downloadJson(answer: DataOpenAnswer) {
  const blob = new Blob([JSON.stringify(answer.data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'meet-match-date-marry-my-data.json';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The data, its download, and "Delete everything now" with a second, confirming click. */
function OpenedData({ answer }: { answer: DataOpenAnswer }) {
  const [confirming, setConfirming] = useState(false);
  const erase = useEraseMyData();

  if (erase.isSuccess) {
    return (
      <>
        <h1>{i18n._({ id: 'web.yourData.erased.title', message: 'Everything is erased' })}</h1>
        <p className="lead" role="status">
          {i18n._({
            id: 'web.yourData.erased.lead',
            message:
              'We no longer hold anything about {email}. You can join the waitlist again at any time, as anyone can.',
            values: { email: answer.data.email },
          })}
        </p>
        <LocalizedLink to={paths.waitlist} className="button button--ghost">
          {i18n._({ id: 'web.yourData.erased.join', message: 'Join the waitlist again' })}
        </LocalizedLink>
      </>
    );
  }

  return (
    <>
      <h1>{i18n._(title)}</h1>
      <p className="lead">
        {i18n._({
          id: 'web.yourData.opened.lead',
          message: 'This is everything our waitlist holds about {email}.',
          values: { email: answer.data.email },
        })}
      </p>
      <PersonalDataView data={answer.data} />
      <div className="data-actions">
        <button type="button" className="button button--ghost" onClick={() => downloadJson(answer)}>
          {i18n._({ id: 'web.yourData.opened.download', message: 'Download as JSON' })}
        </button>
        {!confirming ? (
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            {i18n._({ id: 'web.yourData.opened.delete', message: 'Delete everything now' })}
          </button>
        ) : null}
      </div>
      {confirming ? (
        <div className="data-confirm" role="group" aria-labelledby="data-confirm-title">
          <h2 id="data-confirm-title">
            {i18n._({ id: 'web.yourData.erase.title', message: 'Delete everything now?' })}
          </h2>
          <p>
            {i18n._({
              id: 'web.yourData.erase.lead',
              message:
                'Your entry, your place in line, your referral code, the credits friends gave you and the messages you wrote to us are erased at once and cannot be brought back.',
            })}
          </p>
          <div className="data-actions">
            <button
              type="button"
              className="button button--danger"
              disabled={erase.isPending}
              onClick={() => erase.mutate(answer.session)}
            >
              {erase.isPending
                ? i18n._({ id: 'web.yourData.erase.deleting', message: 'Deleting...' })
                : i18n._({ id: 'web.yourData.erase.confirm', message: 'Yes, delete everything' })}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={erase.isPending}
              onClick={() => setConfirming(false)}
            >
              {i18n._({ id: 'web.yourData.erase.keep', message: 'Keep my data' })}
            </button>
          </div>
          {erase.isError ? (
            <p className="error-box" role="alert">
              {i18n._({
                id: 'web.yourData.erase.failed',
                message:
                  "We couldn't erase your data just now. Please try again; if this page has been open a long time, ask for a new link.",
              })}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

const LINK_PROBLEMS = {
  used: {
    title: /*i18n*/ { id: 'web.yourData.used.title', message: 'This link has already been used' },
    text: /*i18n*/ {
      id: 'web.yourData.used.lead',
      message: 'Each link shows your data once. Ask for a new one below.',
    },
  },
  expired: {
    title: /*i18n*/ { id: 'web.yourData.expired.title', message: 'This link has expired' },
    text: /*i18n*/ { id: 'web.yourData.expired.lead', message: 'Links work for one hour. Ask for a new one below.' },
  },
  invalid: {
    title: /*i18n*/ { id: 'web.yourData.invalid.title', message: "This link isn't valid" },
    text: /*i18n*/ {
      id: 'web.yourData.invalid.lead',
      message: 'It may have been copied only in part. Ask for a new one below.',
    },
  },
} as const satisfies Record<string, { title: MessageDescriptor; text: MessageDescriptor }>;

/**
 * The "Your data" page. Without a token: ask for a link. With the link's token: nothing happens until the visitor
 * presses "Show my data" (a mail scanner that opens the link spends nothing), then the data, its download and the
 * erasure.
 */
export function YourDataPanel() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const open = useOpenDataLink();

  if (open.data?.kind === 'opened') return <OpenedData answer={open.data.answer} />;

  if (open.data) {
    const problem = LINK_PROBLEMS[open.data.kind];
    return (
      <>
        <h1>{i18n._(problem.title)}</h1>
        <p className="lead">{i18n._(problem.text)}</p>
        <RequestLinkForm submitLabel={i18n._({ id: 'web.yourData.request.sendNew', message: 'Send me a new link' })} />
      </>
    );
  }

  if (hydrated && token) {
    return (
      <>
        <h1>{i18n._({ id: 'web.yourData.open.title', message: 'See your data' })}</h1>
        <p className="lead">
          {i18n._({
            id: 'web.yourData.open.lead',
            message:
              'Press the button to see everything our waitlist holds about you. The link works once: keep this page open while you download or delete your data.',
          })}
        </p>
        <RequestButton
          label={i18n._({ id: 'web.yourData.open.show', message: 'Show my data' })}
          busyLabel={i18n._({ id: 'web.yourData.open.opening', message: 'Opening...' })}
          className="button button--primary button--large"
          pending={open.isPending}
          failure={open.isError && i18n._(dataMessages.unreachable)}
          onClick={() => open.mutate(token)}
        />
      </>
    );
  }

  return (
    <>
      <h1>{i18n._(title)}</h1>
      <p className="lead">
        {i18n._({
          id: 'web.yourData.request.lead',
          message:
            'See, download or erase everything our waitlist holds about you. Type your e-mail address: if it is on the list, we send it a link that works once, for one hour.',
        })}
      </p>
      <RequestLinkForm />
      <p className="field__hint">
        {richText(
          i18n._({
            id: 'web.yourData.request.policy',
            message: 'How we use and keep your data: our <0>Privacy Policy</0>.',
          }),
          { 0: (policy) => <LocalizedLink to={paths.privacyPolicy}>{policy}</LocalizedLink> },
        )}
      </p>
    </>
  );
}
