import { useId, useState, type FormEvent } from 'react';
import { i18n } from '../../../lib/i18n/i18n.js';
import type { ConfirmedPlace } from '../api/confirm-entry.js';
import { useChooseCity, type CityChoice as Choice } from '../api/choose-city.js';
import { useCities } from '../api/get-cities.js';
import { YourCityProgress } from './city-progress.js';

const OTHER = 'other';

function initialValue(place: ConfirmedPlace): string {
  if (place.cityOther) return OTHER;
  return place.city ? String(place.city.id) : '';
}

function toChoice(value: string): Choice {
  if (value === OTHER) return 'other';
  return value === '' ? null : Number(value);
}

/**
 * The optional city: it only decides which invitation wave may include the person. Only the city is sent, nothing
 * else about them. Hidden while staff have listed no city (an "other" alone would decide nothing).
 */
export function CityChoice({ token, place }: { token: string; place: ConfirmedPlace }) {
  const id = useId();
  const cities = useCities(true);
  const choose = useChooseCity();
  const [value, setValue] = useState(() => initialValue(place));

  if (!cities.data || cities.data.length === 0) return null;

  const saved = choose.data;
  // A city's name is staff data: it appears as staff wrote it, in every language.
  const savedText = !saved
    ? ''
    : saved.city
      ? i18n._({ id: 'web.place.city.saved', message: 'Saved: {city}.', values: { city: saved.city.name } })
      : saved.cityOther
        ? i18n._({ id: 'web.place.city.savedOther', message: 'Saved: another city.' })
        : i18n._({ id: 'web.place.city.savedNone', message: 'Saved: no city.' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    choose.mutate({ token, cityId: toChoice(value) });
  };

  return (
    <form className="card city-card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{i18n._({ id: 'web.place.city.title', message: 'Your city (optional)' })}</h2>
      <p>
        {i18n._({
          id: 'web.place.city.lead',
          message:
            'We open the app city by city. Tell us yours and you can be in its first wave. We ask for nothing else.',
        })}
      </p>
      <div className="field">
        <label htmlFor={id}>{i18n._({ id: 'web.place.city.label', message: 'City' })}</label>
        <select
          id={id}
          value={value}
          onChange={(event) => {
            choose.reset();
            setValue(event.target.value);
          }}
        >
          <option value="">{i18n._({ id: 'web.place.city.none', message: 'Rather not say' })}</option>
          {cities.data.map((city) => (
            <option key={city.id} value={String(city.id)}>
              {city.name}
            </option>
          ))}
          <option value={OTHER}>{i18n._({ id: 'web.place.city.other', message: 'Other' })}</option>
        </select>
      </div>
      <button type="submit" className="button button--primary" disabled={choose.isPending}>
        {choose.isPending
          ? i18n._({ id: 'web.place.city.saving', message: 'Saving…' })
          : i18n._({ id: 'web.place.city.save', message: 'Save my city' })}
      </button>
      <p className="city-card__status" role="status">
        {choose.isError
          ? i18n._({ id: 'web.place.city.error', message: 'We could not save your city just now. Please try again.' })
          : savedText}
      </p>
      <YourCityProgress cityId={(choose.data ?? place).city?.id} />
    </form>
  );
}
