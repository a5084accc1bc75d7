/**
 * Location auto-detect for the sign-up forms (spec part 1 §4, §7, §8; ADR 044): the browser's
 * geolocation, then reverse geocoding. The result is "city, region", else the locality, else
 * 'Location detected'. Failures are logged only (the console), never shown.
 *
 * Reverse geocoding is a port: a configured HTTP service answering the spec's fields (`city`,
 * `principalSubdivision`, `locality`; `VITE_REVERSE_GEOCODING_URL` at build time), or, with none
 * configured (the default), the nearest city of a small bundled gazetteer, loaded lazily, so no
 * request leaves for a third party.
 */

import * as z from 'zod/mini';

/** What a reverse-geocoding service answers (the spec's fields). */
export interface ReverseGeocodeResult {
  city?: string;
  principalSubdivision?: string;
  locality?: string;
}

export type ReverseGeocoder = (position: { latitude: number; longitude: number }, options: { language: string; signal?: AbortSignal }) => Promise<ReverseGeocodeResult>;

export const LOCATION_DETECTED = 'Location detected';

/** The field's text for an answer (part 1 §7): "city, region", else locality, else 'Location detected'. */
export function locationText(result: ReverseGeocodeResult): string {
  const city = result.city?.trim();
  const region = result.principalSubdivision?.trim();
  const locality = result.locality?.trim();
  if (city && region) return city === region ? city : `${city}, ${region}`;
  return locality || city || LOCATION_DETECTED;
}

/** How far (km) the nearest gazetteer city may be and still name where someone is. */
export const GAZETTEER_MAX_DISTANCE_KM = 150;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The offline geocoder: the nearest city of the bundled gazetteer within {@link GAZETTEER_MAX_DISTANCE_KM}. */
export const gazetteerReverseGeocoder: ReverseGeocoder = async (position) => {
  const { WORLD_CITIES } = await import('./world-cities');
  let best: { city: string; region: string; km: number } | null = null;
  for (const [city, region, latitude, longitude] of WORLD_CITIES) {
    const km = distanceKm(position, { latitude, longitude });
    if (!best || km < best.km) best = { city, region, km };
  }
  if (!best || best.km > GAZETTEER_MAX_DISTANCE_KM) return {};
  return { city: best.city, principalSubdivision: best.region };
};

/** A field of the service's answer: its text, or nothing when it is missing or not text (the field is then not filled). */
const text = z.catch(z.optional(z.string()), undefined);
/** What a reverse-geocoding service answers, parsed (ADR 057): the spec's three fields, anything else ignored; not an object is an error. */
const ReverseGeocodingAnswer = z.object({ city: text, principalSubdivision: text, locality: text });

/** A reverse-geocoding service over HTTP: `GET {url}?latitude=&longitude=&localityLanguage=`, answering the spec's fields. */
export function httpReverseGeocoder(url: string): ReverseGeocoder {
  return async ({ latitude, longitude }, { language, signal }) => {
    const address = new URL(url, window.location.origin);
    address.searchParams.set('latitude', String(latitude));
    address.searchParams.set('longitude', String(longitude));
    address.searchParams.set('localityLanguage', language);
    const response = await fetch(address, { signal, headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`Reverse geocoding answered ${response.status}`);
    const body = ReverseGeocodingAnswer.parse(await response.json());
    return { city: body.city, principalSubdivision: body.principalSubdivision, locality: body.locality };
  };
}

/** The configured geocoder: the HTTP service named at build time, else the bundled gazetteer. */
export function configuredReverseGeocoder(url: string | undefined = import.meta.env.VITE_REVERSE_GEOCODING_URL): ReverseGeocoder {
  return url ? httpReverseGeocoder(url) : gazetteerReverseGeocoder;
}

export interface DetectLocationDeps {
  geolocation?: Pick<Geolocation, 'getCurrentPosition'> | undefined;
  reverseGeocode?: ReverseGeocoder;
  language?: string;
  log?: (message: string, error: unknown) => void;
  signal?: AbortSignal;
}

const currentPosition = (geolocation: Pick<Geolocation, 'getCurrentPosition'>) =>
  new Promise<GeolocationPosition>((resolve, reject) =>
    geolocation.getCurrentPosition(resolve, reject, { enableHighAccuracy: false, timeout: 10_000, maximumAge: 10 * 60_000 }),
  );

/**
 * Where the person is, as the location field's text; null when it cannot be known (no
 * geolocation in this browser, or permission refused: logged, the field stays as it is). A
 * reverse-geocoding failure falls back to 'Location detected' (part 1 §8).
 */
export async function detectLocation({
  geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  reverseGeocode = configuredReverseGeocoder(),
  language = typeof navigator === 'undefined' ? 'en' : (navigator.language.split('-')[0] ?? 'en'),
  log = (message, error) => console.warn(message, error),
  signal,
}: DetectLocationDeps = {}): Promise<string | null> {
  if (!geolocation) return null;
  let position: GeolocationPosition;
  try {
    position = await currentPosition(geolocation);
  } catch (error) {
    log('Location auto-detect: geolocation failed', error instanceof Error ? error.message : (error as GeolocationPositionError | undefined)?.message);
    return null;
  }
  if (signal?.aborted) return null;
  try {
    const { latitude, longitude } = position.coords;
    return locationText(await reverseGeocode({ latitude, longitude }, { language, signal }));
  } catch (error) {
    if (signal?.aborted) return null;
    log('Location auto-detect: reverse geocoding failed', error);
    return LOCATION_DETECTED;
  }
}
