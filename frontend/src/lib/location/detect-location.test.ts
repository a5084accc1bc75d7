import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  configuredReverseGeocoder,
  detectLocation,
  distanceKm,
  gazetteerReverseGeocoder,
  httpReverseGeocoder,
  LOCATION_DETECTED,
  locationText,
} from './detect-location';
import { WORLD_CITIES } from './world-cities';

const at = (latitude: number, longitude: number) => ({
  getCurrentPosition: (success: PositionCallback) => success({ coords: { latitude, longitude } } as GeolocationPosition),
});
const refused = {
  getCurrentPosition: (_success: PositionCallback, failure?: PositionErrorCallback | null) =>
    failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
};

afterEach(() => vi.unstubAllGlobals());

describe('location text (part 1 §7)', () => {
  it('is "city, region", else the locality, else "Location detected"', () => {
    expect(locationText({ city: 'Austin', principalSubdivision: 'Texas', locality: 'Downtown' })).toBe('Austin, Texas');
    expect(locationText({ principalSubdivision: 'Texas', locality: 'Round Rock' })).toBe('Round Rock');
    expect(locationText({})).toBe(LOCATION_DETECTED);
    expect(locationText({ city: ' ', locality: '' })).toBe(LOCATION_DETECTED);
    // A city-state is not said twice.
    expect(locationText({ city: 'Singapore', principalSubdivision: 'Singapore' })).toBe('Singapore');
  });
});

describe('the offline gazetteer', () => {
  it('holds a few hundred cities, each with a region and real coordinates', () => {
    expect(WORLD_CITIES.length).toBeGreaterThan(300);
    for (const [city, region, latitude, longitude] of WORLD_CITIES) {
      expect(city && region, city).toBeTruthy();
      expect(Math.abs(latitude), city).toBeLessThanOrEqual(90);
      expect(Math.abs(longitude), city).toBeLessThanOrEqual(180);
    }
  });

  it('names the nearest city within 150 km, and nothing farther out', async () => {
    expect(await gazetteerReverseGeocoder({ latitude: 37.7793, longitude: -122.4192 }, { language: 'en' })).toEqual({ city: 'San Francisco', principalSubdivision: 'California' });
    expect(await gazetteerReverseGeocoder({ latitude: 48.85, longitude: 2.29 }, { language: 'en' })).toEqual({ city: 'Paris', principalSubdivision: 'Île-de-France' });
    // The middle of the Pacific.
    expect(await gazetteerReverseGeocoder({ latitude: 0, longitude: -150 }, { language: 'en' })).toEqual({});
  });

  it('measures great-circle distances', () => {
    expect(Math.round(distanceKm({ latitude: 51.51, longitude: -0.13 }, { latitude: 48.86, longitude: 2.35 }))).toBeGreaterThan(330);
    expect(Math.round(distanceKm({ latitude: 51.51, longitude: -0.13 }, { latitude: 48.86, longitude: 2.35 }))).toBeLessThan(350);
  });

  it('is what detects with no service configured', () => {
    expect(configuredReverseGeocoder(undefined)).toBe(gazetteerReverseGeocoder);
    expect(configuredReverseGeocoder('')).toBe(gazetteerReverseGeocoder);
  });
});

describe('a configured reverse-geocoding service', () => {
  it('is asked with the position and language, and its fields are read', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ city: 'Lyon', principalSubdivision: 'Auvergne-Rhône-Alpes', locality: 'Lyon 2e', extra: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const geocode = httpReverseGeocoder('/geo/reverse');
    expect(await geocode({ latitude: 45.76, longitude: 4.84 }, { language: 'fr' })).toEqual({ city: 'Lyon', principalSubdivision: 'Auvergne-Rhône-Alpes', locality: 'Lyon 2e' });
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]));
    expect(url.pathname).toBe('/geo/reverse');
    expect(Object.fromEntries(url.searchParams)).toEqual({ latitude: '45.76', longitude: '4.84', localityLanguage: 'fr' });
  });

  it('parses the answer: a field that is not text is left out; an answer that is not an object fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ city: 42, principalSubdivision: null, locality: 'Springfield' }), { status: 200 })));
    expect(await httpReverseGeocoder('/geo/reverse')({ latitude: 1, longitude: 2 }, { language: 'en' })).toEqual({ locality: 'Springfield' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify('Lyon'), { status: 200 })));
    await expect(httpReverseGeocoder('/geo/reverse')({ latitude: 1, longitude: 2 }, { language: 'en' })).rejects.toThrow();
  });
});

describe('detectLocation', () => {
  it('reverse-geocodes the browser position', async () => {
    const reverseGeocode = vi.fn(async () => ({ city: 'Austin', principalSubdivision: 'Texas' }));
    expect(await detectLocation({ geolocation: at(30.27, -97.74), reverseGeocode, language: 'en' })).toBe('Austin, Texas');
    expect(reverseGeocode).toHaveBeenCalledWith({ latitude: 30.27, longitude: -97.74 }, { language: 'en', signal: undefined });
  });

  it('uses the gazetteer by default', async () => {
    expect(await detectLocation({ geolocation: at(48.15, 11.57) })).toBe('Munich, Bavaria');
    expect(await detectLocation({ geolocation: at(52.52, 13.4) })).toBe('Berlin');
  });

  it('logs a refused permission and detects nothing', async () => {
    const log = vi.fn();
    expect(await detectLocation({ geolocation: refused, reverseGeocode: vi.fn(), log })).toBeNull();
    expect(log).toHaveBeenCalledWith('Location auto-detect: geolocation failed', 'User denied Geolocation');
  });

  it('logs a reverse-geocoding failure and falls back to "Location detected" (part 1 §8)', async () => {
    const log = vi.fn();
    const reverseGeocode = vi.fn(async () => {
      throw new Error('Reverse geocoding answered 503');
    });
    expect(await detectLocation({ geolocation: at(1, 2), reverseGeocode, log })).toBe(LOCATION_DETECTED);
    expect(log).toHaveBeenCalledWith('Location auto-detect: reverse geocoding failed', expect.any(Error));
  });

  it('does nothing in a browser without geolocation', async () => {
    const reverseGeocode = vi.fn();
    expect(await detectLocation({ geolocation: undefined, reverseGeocode })).toBeNull();
    expect(reverseGeocode).not.toHaveBeenCalled();
  });
});
