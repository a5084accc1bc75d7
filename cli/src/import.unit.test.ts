import { describe, expect, it } from 'vitest';
import { createMemoryEventStore } from '@hireloop/platform/event-store';
import { sequentialIds, systemClock } from '@hireloop/platform/runtime';
import { startImportSchedule, type ImportRuntime } from './import';

// Imports of real feeds (../shared/data/jobs) are tested in import.data.test.ts.
const runtimeOn = (): ImportRuntime => ({ eventStore: createMemoryEventStore(), clock: systemClock, ids: sequentialIds('e') });

describe('the import schedule', () => {
  it('does nothing without feeds and refuses an interval that is not positive', async () => {
    await startImportSchedule(runtimeOn(), [], 60, () => undefined)();
    expect(() => startImportSchedule(runtimeOn(), ['feed.json'], 0, () => undefined)).toThrow('The import interval must be a positive number of minutes');
  });
});
