import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, formatNumber } from '../../../lib/format.js';
import { errorMessage } from '../../../lib/staff-api.js';
import { citiesQueryOptions } from '../api/get-cities.js';
import { useOpenCity } from '../api/open-city.js';

/**
 * The dashboard's banners: one per city that reached its threshold and waits for an admin to open it. Admins get the
 * button that opens it (with its first wave); viewers see the banner only. Refreshed with the dashboard's figures.
 */
export function CityOpeningBanners({ canOpen }: { canOpen: boolean }) {
  const cities = useQuery({ ...citiesQueryOptions(), refetchInterval: 10_000 });
  const open = useOpenCity();
  const [notice, setNotice] = useState<string>();
  const awaiting = cities.data?.items.filter((city) => city.opening.state === 'awaiting_approval') ?? [];

  return (
    <>
      {notice && (
        <p className="adm-alert adm-alert--success" role="status">
          {notice}
        </p>
      )}
      {awaiting.map((city) => (
        <section key={city.id} className="adm-alert adm-opening-banner" aria-label={`${city.name} awaits its opening`}>
          <p className="adm-opening-banner__text">
            <strong>{city.name}</strong> reached its opening threshold ({formatNumber(city.confirmed)} of{' '}
            {formatNumber(city.openingThreshold ?? 0)} people) on {formatDateTime(city.opening.thresholdReachedAt)}.
            Opening it sends its first wave of{' '}
            {city.firstWaveSize === 1 ? '1 invitation' : `${formatNumber(city.firstWaveSize)} invitations`}.
          </p>
          {canOpen ? (
            <button
              type="button"
              className="adm-button adm-button--primary"
              disabled={open.isPending}
              onClick={() => {
                setNotice(undefined);
                open.mutate(city.id, {
                  onSuccess: (answer) =>
                    setNotice(
                      answer.alreadyOpen
                        ? `${answer.city.name} is already open: nothing more was sent.`
                        : `${answer.city.name} is open: ${
                            answer.invited === 1
                              ? '1 invitation is on its way'
                              : `${formatNumber(answer.invited)} invitations are on their way`
                          }.`,
                    ),
                });
              }}
            >
              {open.isPending && open.variables === city.id ? 'Opening…' : `Open ${city.name}`}
            </button>
          ) : (
            <span className="adm-muted">An admin opens it.</span>
          )}
        </section>
      ))}
      {open.isError && (
        <p className="adm-alert adm-alert--error" role="alert">
          {errorMessage(open.error)}
        </p>
      )}
    </>
  );
}
