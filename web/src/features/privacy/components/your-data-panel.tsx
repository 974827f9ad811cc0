import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { DataOpenAnswer } from '@mmdm/contracts/privacy';
import { paths } from '../../../config/paths.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { useEraseMyData } from '../api/erase-my-data.js';
import { useOpenDataLink } from '../api/open-data-link.js';
import { PersonalDataView } from './personal-data-view.js';
import { RequestLinkForm } from './request-link-form.js';
import { RequestButton, SERVERS_UNREACHABLE } from '../../../components/ui/request-button.js';

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
        <h1>Everything is erased</h1>
        <p className="lead" role="status">
          We no longer hold anything about {answer.data.email}. You can join the waitlist again at any time, as anyone
          can.
        </p>
        <Link to={paths.waitlist} className="button button--ghost">
          Join the waitlist again
        </Link>
      </>
    );
  }

  return (
    <>
      <h1>Your data</h1>
      <p className="lead">This is everything our waitlist holds about {answer.data.email}.</p>
      <PersonalDataView data={answer.data} />
      <div className="data-actions">
        <button type="button" className="button button--ghost" onClick={() => downloadJson(answer)}>
          Download as JSON
        </button>
        {!confirming ? (
          <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
            Delete everything now
          </button>
        ) : null}
      </div>
      {confirming ? (
        <div className="data-confirm" role="group" aria-labelledby="data-confirm-title">
          <h2 id="data-confirm-title">Delete everything now?</h2>
          <p>
            Your entry, your place in line, your referral code, the credits friends gave you and the messages you wrote
            to us are erased at once and cannot be brought back.
          </p>
          <div className="data-actions">
            <button
              type="button"
              className="button button--danger"
              disabled={erase.isPending}
              onClick={() => erase.mutate(answer.session)}
            >
              {erase.isPending ? 'Deleting...' : 'Yes, delete everything'}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={erase.isPending}
              onClick={() => setConfirming(false)}
            >
              Keep my data
            </button>
          </div>
          {erase.isError ? (
            <p className="error-box" role="alert">
              We couldn't erase your data just now. Please try again; if this page has been open a long time, ask for a
              new link.
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

const LINK_PROBLEMS = {
  used: {
    title: 'This link has already been used',
    text: 'Each link shows your data once. Ask for a new one below.',
  },
  expired: {
    title: 'This link has expired',
    text: 'Links work for one hour. Ask for a new one below.',
  },
  invalid: {
    title: "This link isn't valid",
    text: 'It may have been copied only in part. Ask for a new one below.',
  },
} as const;

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
        <h1>{problem.title}</h1>
        <p className="lead">{problem.text}</p>
        <RequestLinkForm submitLabel="Send me a new link" />
      </>
    );
  }

  if (hydrated && token) {
    return (
      <>
        <h1>See your data</h1>
        <p className="lead">
          Press the button to see everything our waitlist holds about you. The link works once: keep this page open
          while you download or delete your data.
        </p>
        <RequestButton
          label="Show my data"
          busyLabel="Opening..."
          className="button button--primary button--large"
          pending={open.isPending}
          failure={open.isError && SERVERS_UNREACHABLE}
          onClick={() => open.mutate(token)}
        />
      </>
    );
  }

  return (
    <>
      <h1>Your data</h1>
      <p className="lead">
        See, download or erase everything our waitlist holds about you. Type your e-mail address: if it is on the list,
        we send it a link that works once, for one hour.
      </p>
      <RequestLinkForm />
      <p className="field__hint">
        How we use and keep your data: our <Link to={paths.privacyPolicy}>Privacy Policy</Link>.
      </p>
    </>
  );
}
