import { useEffect, useState, type FormEvent } from 'react';
import { WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookEvent } from '@mmdm/contracts/webhooks-admin';
import { ConfirmDialog } from '../../../components/admin/confirm-dialog.js';
import { DataTable } from '../../../components/admin/data-table.js';
import { MutationError } from '../../../components/admin/mutation-error.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { TextField } from '../../../components/admin/text-field.js';
import { formatDateTime, formatNumber } from '../../../lib/format.js';
import { errorMessage } from '../../../lib/staff-api.js';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries.js';
import { useWebhooks } from '../api/get-webhooks.js';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRedeliverWebhook,
  useRotateWebhookSecret,
  useSetWebhookEnabled,
} from '../api/manage-webhooks.js';

/** What each event tells the app, in the words the form shows. */
const EVENT_WORDS: Record<WebhookEvent, string> = {
  'entry.confirmed': 'a person confirmed their address (ids only)',
  'entry.invited': 'a person was invited (with their address)',
  'entry.admitted': 'a person accepted their invitation (with their address)',
  'entry.erased': 'a person was erased: the app must forget them (id only)',
  'city.opened': 'a city opened (ids only)',
};

/** Settings › Webhooks (admins): the endpoints the app's servers receive signed events at, and their delivery logs. */
export function WebhooksSettings() {
  const endpoints = useWebhooks();
  const create = useCreateWebhook();
  const rotate = useRotateWebhookSecret();
  const setEnabled = useSetWebhookEnabled();
  const remove = useDeleteWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [secret, setSecret] = useState<{ url: string; secret: string; rotated: boolean }>();
  const [notice, setNotice] = useState<string>();
  const [toRotate, setToRotate] = useState<WebhookEndpoint>();
  const [toDelete, setToDelete] = useState<WebhookEndpoint>();
  const [showing, setShowing] = useState<string>();

  const add = (event: FormEvent) => {
    event.preventDefault();
    setNotice(undefined);
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          setUrl('');
          setSecret({ url: created.url, secret: created.secret, rotated: false });
        },
      },
    );
  };

  const toggle = (name: WebhookEvent, on: boolean) =>
    setEvents((current) => WEBHOOK_EVENTS.filter((event) => (event === name ? on : current.includes(event))));

  return (
    <div className="adm-stack">
      <section className="adm-card" aria-label="Add an endpoint">
        <h2 className="adm-section-title">Add an endpoint</h2>
        <p className="adm-muted">
          The app’s server receives each event as a signed POST (Standard Webhooks). Only public https addresses are
          accepted.
        </p>
        <form className="adm-form" onSubmit={add}>
          <TextField
            label="Endpoint URL"
            type="url"
            inputMode="url"
            placeholder="https://app.example.com/hooks/waitlist"
            value={url}
            maxLength={2000}
            required
            onChange={(event) => setUrl(event.target.value)}
          />
          <fieldset className="adm-field">
            <legend className="adm-field__label">Events</legend>
            {WEBHOOK_EVENTS.map((name) => (
              <label key={name} className="adm-field--inline">
                <input
                  type="checkbox"
                  checked={events.includes(name)}
                  onChange={(event) => toggle(name, event.currentTarget.checked)}
                />{' '}
                <code>{name}</code>: {EVENT_WORDS[name]}
              </label>
            ))}
          </fieldset>
          <MutationError mutation={create} />
          <button
            type="submit"
            className="adm-button adm-button--primary"
            disabled={create.isPending || events.length === 0}
          >
            {create.isPending ? 'Adding...' : 'Add endpoint'}
          </button>
        </form>
      </section>

      {secret && <SecretShownOnce {...secret} onDone={() => setSecret(undefined)} />}

      <section className="adm-card" aria-label="Endpoints">
        <h2 className="adm-section-title">Endpoints</h2>
        <p className="adm-notice" role="status">
          {notice}
        </p>
        <MutationError mutation={setEnabled} />
        <QueryState query={endpoints} label="the endpoints" />
        {endpoints.data && (
          <DataTable
            label="Endpoints"
            columns={['URL', 'Events', 'State', 'Last answer', 'Owed', 'Actions']}
            rows={endpoints.data.items}
            empty="No endpoint yet: the app hears of nothing until one is added."
          >
            {(endpoint) => (
              <tr key={endpoint.id}>
                <th scope="row" className="adm-secret">
                  {endpoint.url}
                </th>
                <td>{endpoint.events.join(', ')}</td>
                <td>{stateOf(endpoint)}</td>
                <td>
                  {endpoint.lastAt
                    ? `${endpoint.lastStatus ?? 'no answer'} · ${formatDateTime(endpoint.lastAt)}`
                    : 'none yet'}
                </td>
                <td>{formatNumber(endpoint.pending)}</td>
                <td>
                  <div className="adm-table__actions">
                    <button
                      type="button"
                      className="adm-button adm-button--small"
                      aria-expanded={showing === endpoint.id}
                      onClick={() => setShowing(showing === endpoint.id ? undefined : endpoint.id)}
                    >
                      Deliveries
                    </button>
                    <button
                      type="button"
                      className="adm-button adm-button--small"
                      onClick={() => {
                        rotate.reset();
                        setToRotate(endpoint);
                      }}
                    >
                      Rotate secret
                    </button>
                    <button
                      type="button"
                      className="adm-button adm-button--small"
                      disabled={setEnabled.isPending}
                      onClick={() =>
                        setEnabled.mutate(
                          { id: endpoint.id, enabled: !endpoint.enabled },
                          {
                            onSuccess: () =>
                              setNotice(`${endpoint.url} was ${endpoint.enabled ? 'disabled' : 'enabled'}.`),
                          },
                        )
                      }
                    >
                      {endpoint.enabled ? 'Disable' : 'Enable'}
                    </button>
                    <button
                      type="button"
                      className="adm-button adm-button--small adm-button--danger"
                      aria-label={`Delete ${endpoint.url}`}
                      onClick={() => {
                        remove.reset();
                        setToDelete(endpoint);
                      }}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            )}
          </DataTable>
        )}
      </section>

      {showing && (
        <DeliveryLog
          endpointId={showing}
          url={endpoints.data?.items.find((endpoint) => endpoint.id === showing)?.url ?? ''}
        />
      )}

      {toRotate && (
        <ConfirmDialog
          title="Rotate the secret?"
          confirmLabel="Rotate"
          busyLabel="Rotating..."
          busy={rotate.isPending}
          error={rotate.isError ? errorMessage(rotate.error) : undefined}
          onConfirm={() =>
            rotate.mutate(toRotate.id, {
              onSuccess: (rotated) => {
                setSecret({ url: toRotate.url, secret: rotated.secret, rotated: true });
                setToRotate(undefined);
              },
            })
          }
          onCancel={() => setToRotate(undefined)}
        >
          <p>
            A new secret is made for <span className="adm-secret">{toRotate.url}</span>. For 24 hours every event is
            signed with both, so the app can switch to the new one; then only the new one signs.
          </p>
        </ConfirmDialog>
      )}
      {toDelete && (
        <ConfirmDialog
          title={`Delete ${toDelete.url}?`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : undefined}
          onConfirm={() => {
            // Its log closes first: asked again once the endpoint is gone, it would answer 404.
            if (showing === toDelete.id) setShowing(undefined);
            remove.mutate(toDelete.id, {
              onSuccess: () => {
                setNotice(`${toDelete.url} was deleted.`);
                setToDelete(undefined);
              },
            });
          }}
          onCancel={() => setToDelete(undefined)}
        >
          <p>
            Its delivery log goes with it, and the {formatNumber(toDelete.pending)} events it is still owed are not
            sent.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function stateOf(endpoint: WebhookEndpoint): string {
  if (!endpoint.enabled)
    return endpoint.disabledReason === 'failing'
      ? `Disabled after 3 days of failures (${formatDateTime(endpoint.disabledAt)})`
      : 'Disabled';
  // Both can hold at once (a receiver failing while a rotation's old secret still signs): both are said.
  const rotation = endpoint.previousSecretUntil
    ? `old secret valid until ${formatDateTime(endpoint.previousSecretUntil)}`
    : null;
  if (endpoint.failingSince)
    return `Failing since ${formatDateTime(endpoint.failingSince)}${rotation ? `; ${rotation}` : ''}`;
  return rotation ? `Enabled; ${rotation}` : 'Enabled';
}

/** The secret, shown this once: the service keeps no way to show it again. */
function SecretShownOnce({
  url,
  secret,
  rotated,
  onDone,
}: {
  url: string;
  secret: string;
  rotated: boolean;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copied === 'idle') return;
    const timer = setTimeout(() => setCopied('idle'), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className="adm-card adm-alert adm-alert--success" aria-label="Signing secret">
      <h2 className="adm-section-title">{rotated ? 'New signing secret' : 'Endpoint added'}</h2>
      <p>
        The signing secret of <span className="adm-secret">{url}</span>. Put it in the app’s configuration now: it is
        shown this once.
        {rotated ? ' The old secret keeps signing beside it for 24 hours.' : ''}
      </p>
      <code className="adm-secret" data-testid="webhook-secret">
        {secret}
      </code>
      <div className="adm-actions">
        <button type="button" className="adm-button adm-button--small" onClick={() => void copy()}>
          Copy secret
        </button>
        <button type="button" className="adm-button adm-button--small adm-button--primary" onClick={onDone}>
          Done, I have saved it
        </button>
        <span role="status">
          {copied === 'copied' ? 'Copied!' : copied === 'failed' ? 'Copy failed: select the text and copy it.' : ''}
        </span>
      </div>
    </section>
  );
}

/** One endpoint's delivery log: each message, its state and the last answer; a message can be sent again. */
function DeliveryLog({ endpointId, url }: { endpointId: string; url: string }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliverWebhook();
  const [notice, setNotice] = useState<string>();
  return (
    <section className="adm-card" aria-label="Delivery log">
      <h2 className="adm-section-title">
        Deliveries to <span className="adm-secret">{url}</span>
      </h2>
      <p className="adm-muted">The latest 50, kept 30 days. Failed attempts are retried for 3 days.</p>
      <p className="adm-notice" role="status">
        {notice}
      </p>
      <MutationError mutation={redeliver} />
      <QueryState query={deliveries} label="the deliveries" />
      {deliveries.data && (
        <DataTable
          label="Deliveries"
          columns={['Event', 'State', 'Attempts', 'Last answer', 'Actions']}
          rows={deliveries.data.items}
          empty="Nothing sent yet."
        >
          {(delivery) => (
            <tr key={delivery.id}>
              <th scope="row">
                <code>{delivery.type}</code>
                <div className="adm-muted adm-secret">{delivery.messageId}</div>
                <div className="adm-muted">{formatDateTime(delivery.createdAt)}</div>
              </th>
              <td>
                {delivery.state}
                {delivery.state === 'pending' && delivery.nextAttemptAt
                  ? ` (next ${formatDateTime(delivery.nextAttemptAt)})`
                  : ''}
              </td>
              <td>{formatNumber(delivery.attempts)}</td>
              <td>
                {delivery.lastAt ? (
                  <>
                    {delivery.lastStatus ?? 'no answer'} · {formatDateTime(delivery.lastAt)}
                    {(delivery.lastError ?? delivery.lastBody) && (
                      <div className="adm-muted">{delivery.lastError ?? delivery.lastBody}</div>
                    )}
                  </>
                ) : (
                  'not tried yet'
                )}
              </td>
              <td>
                <button
                  type="button"
                  className="adm-button adm-button--small"
                  disabled={redeliver.isPending}
                  onClick={() =>
                    redeliver.mutate(
                      { id: endpointId, deliveryId: delivery.id },
                      { onSuccess: () => setNotice(`${delivery.messageId} will be sent again.`) },
                    )
                  }
                >
                  Send again
                </button>
              </td>
            </tr>
          )}
        </DataTable>
      )}
    </section>
  );
}
