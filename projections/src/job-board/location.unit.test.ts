import { describe, expect, it } from 'vitest';
import { locationFlags, locationFlagsByPhrase, parseLocationQuery } from './location';

describe('what a job location says', () => {
  it.each<[string, boolean, { isRemote: boolean; isGlobal: boolean; isUS: boolean }]>([
    ['Austin, TX', false, { isRemote: false, isGlobal: false, isUS: true }],
    ['San Francisco, CA 94105', false, { isRemote: false, isGlobal: false, isUS: true }],
    ['94105', false, { isRemote: false, isGlobal: false, isUS: true }],
    ['United States', false, { isRemote: false, isGlobal: false, isUS: true }],
    ['New York, New York', false, { isRemote: false, isGlobal: false, isUS: true }],
    ['Washington, DC', false, { isRemote: false, isGlobal: false, isUS: true }],
    ['Remote - USA', false, { isRemote: true, isGlobal: false, isUS: true }],
    ['Remote (US or Canada)', false, { isRemote: true, isGlobal: false, isUS: true }],
    ['Toronto, Canada', false, { isRemote: false, isGlobal: false, isUS: false }],
    ['London, UK', false, { isRemote: false, isGlobal: false, isUS: false }],
    ['Oslo, Norway', false, { isRemote: false, isGlobal: false, isUS: false }],
    ['Remote in Europe', false, { isRemote: true, isGlobal: false, isUS: false }],
    ['Worldwide', true, { isRemote: true, isGlobal: true, isUS: false }],
    ['Global', false, { isRemote: false, isGlobal: true, isUS: false }],
    ['Berlin, Germany 10115', false, { isRemote: false, isGlobal: false, isUS: false }],
    ['', true, { isRemote: true, isGlobal: false, isUS: false }],
  ])('%j (remote %s)', (location, remote, expected) => {
    expect(locationFlags(location, remote)).toEqual(expected);
  });
});

describe('locationFlags in one pass per rule', () => {
  it('says what the phrase-by-phrase rule says, for locations made of every kind of part', () => {
    const parts = [
      'New York', 'new york city', 'West Virginia', 'virginia', 'Virginia Beach', 'Washington', 'DC', 'TX', 'Tx', 'in', 'OR',
      'Canada', 'UK', 'uk', 'Ukraine', 'United Kingdom', 'United States', 'U.S.', 'U.S.A.', 'USA', 'us', 'America', 'Americas',
      'Remote', 'remotely', 'Global', 'globally', 'Worldwide', '94105', '94105-1234', '941050', 'Berlin', 'Germany', 'South Africa',
      'africa', 'asia', 'Asian', 'new', 'mexico', 'New Mexico', 'Kansas City', 'Georgia', 'georgia tech', 'india', 'Indiana', '',
      '(', ')', ',', ' - ', '/', '.', '·', 'Zürich', 'EMEA', 'apac', 'LATAM', 'district of columbia', 'puerto rico', 'wales', 'NEW YORK',
    ];
    let seed = 7;
    // A fixed sequence (the high bits of a linear congruential generator): the same locations every run.
    const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) >>> 16;
    const checked = new Set<string>();
    for (let n = 0; n < 5000; n++) {
      const count = 1 + (next() % 5);
      const separators = [' ', ', ', ' - ', '', '  ', ' / '];
      let location = '';
      for (let k = 0; k < count; k++) location += `${k === 0 ? '' : separators[next() % separators.length]}${parts[next() % parts.length]}`;
      checked.add(location);
      for (const remote of [false, true]) expect(locationFlags(location, remote), JSON.stringify(location)).toEqual(locationFlagsByPhrase(location, remote));
    }
    // Enough different locations that every part met the others in many ways.
    expect(checked.size).toBeGreaterThan(4000);
  });
});

describe('what a location search asks for', () => {
  it.each<[string, ReturnType<typeof parseLocationQuery>]>([
    ['usa', { remote: false, global: false, us: true, words: [] }],
    ['United  States', { remote: false, global: false, us: true, words: [] }],
    ['Remote, worldwide', { remote: true, global: true, us: false, words: [] }],
    ['San Francisco', { remote: false, global: false, us: false, words: ['san', 'francisco'] }],
    ['austin,remote usa', { remote: true, global: false, us: true, words: ['austin'] }],
    ['  ', { remote: false, global: false, us: false, words: [] }],
  ])('%j', (input, expected) => {
    expect(parseLocationQuery(input)).toEqual(expected);
  });
});
