import { useCities } from '../api/get-cities.js';
import { CityProgressLine } from './city-progress-line.js';

/** The person's city on their status page: its progress when it has a threshold, nothing otherwise. */
export function YourCityProgress({ cityId }: { cityId: number | null | undefined }) {
  const cities = useCities(cityId !== null && cityId !== undefined);
  const city = cities.data?.find((candidate) => candidate.id === cityId);
  if (!city?.progress) return null;
  return <CityProgressLine name={city.name} progress={city.progress} />;
}
