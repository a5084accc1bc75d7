import { describe, expect, it } from 'vitest';
import { locationFlags, parseLocationQuery } from './location';

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
