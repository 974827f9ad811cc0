import { useEffect, useState } from 'react';
import type { ListedCity } from '@mmdm/contracts/launch';
import { i18n } from '../../../lib/i18n/i18n.js';
import { CityProgressLine } from './city-progress-line.js';

/**
 * GET /waitlist/cities with the API client and the contracts' schemas, loaded after the first paint: the waitlist
 * page's first load stays within its budget.
 */
const loadCities = async () => (await import('../api/get-cities.js')).getCities();

/**
 * The waitlist page: the cities that open at a threshold and are not open yet, each with its progress (a visitor has
 * no city before confirming, so every such city is shown). Nothing when there is none, or while it loads.
 */
export function CitiesOpeningList() {
  const [cities, setCities] = useState<ListedCity[]>([]);
  useEffect(() => {
    let live = true;
    loadCities().then(
      (list) => live && setCities(list.filter((city) => city.progress && !city.progress.opened)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (cities.length === 0) return null;
  return (
    <section className="cities-opening" aria-label={i18n._({ id: 'web.cities.label', message: 'Cities opening soon' })}>
      <h2 className="cities-opening__title">{i18n._({ id: 'web.cities.title', message: 'We open city by city' })}</h2>
      {cities.map((city) => (
        <CityProgressLine key={city.id} name={city.name} progress={city.progress!} />
      ))}
    </section>
  );
}
