import { afterEach, describe, expect, it, vi } from 'vitest';
import { kurrentdbUrl, mongodbUrl, skipLoudly } from './containers';

describe('servers for the suites of the user\'s own stack (ADR 075)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('takes the test server named in the environment first, and stops nothing of it', async () => {
    const kurrent = await kurrentdbUrl({ TEST_KURRENTDB_URL: ' kurrentdb://k:2113?tls=false ' });
    expect(kurrent).toMatchObject({ url: 'kurrentdb://k:2113?tls=false', source: 'environment' });
    const mongo = await mongodbUrl({ TEST_MONGODB_URL: 'mongodb://m:27017/?replicaSet=rs0' });
    expect(mongo).toMatchObject({ url: 'mongodb://m:27017/?replicaSet=rs0', source: 'environment' });
    if (mongo.url !== null) await mongo.stop();
  });

  it('says in one line what was skipped and why, and nothing when there is a server', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(skipLoudly('the suite', { url: null, reason: 'TEST_KURRENTDB_URL is not set and there is no container runtime (none found)' })).toBe(
      'SKIPPED the suite: TEST_KURRENTDB_URL is not set and there is no container runtime (none found).',
    );
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('SKIPPED the suite: TEST_KURRENTDB_URL is not set and there is no container runtime (none found).');
    expect(skipLoudly('the suite', { url: 'kurrentdb://k:2113', source: 'environment', stop: async () => undefined })).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
