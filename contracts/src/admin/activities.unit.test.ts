import { describe, expect, it } from 'vitest';
import * as contracts from '../index';
import * as imports from '../imports/events';
import { ADMIN_ACTIVITY_ACTIONS, ADMIN_ACTIVITY_EVENTS, ADMIN_ACTIVITY_EXCLUDED_EVENTS, AdminActivityListQuery } from './activities';

const eventTypes = [...Object.entries(contracts), ...Object.entries(imports)]
  .filter(([name]) => name.endsWith('EventSchemas'))
  .flatMap(([, map]) => Object.keys(map as Record<string, unknown>));

describe('the admin activity catalogue (ADR 035)', () => {
  it('every event type of contracts is either an activity or excluded with a reason, never both', () => {
    expect(eventTypes.length).toBeGreaterThan(30);
    const undecided = eventTypes.filter((type) => !(type in ADMIN_ACTIVITY_EVENTS) && !(type in ADMIN_ACTIVITY_EXCLUDED_EVENTS));
    expect(undecided).toEqual([]);
    expect(Object.keys(ADMIN_ACTIVITY_EVENTS).filter((type) => type in ADMIN_ACTIVITY_EXCLUDED_EVENTS)).toEqual([]);
    // Nothing listed that does not exist (a renamed event would silently stop being recorded).
    expect(
      [...Object.keys(ADMIN_ACTIVITY_EVENTS), ...Object.keys(ADMIN_ACTIVITY_EXCLUDED_EVENTS)].filter((type) => !eventTypes.includes(type)),
    ).toEqual([]);
  });

  it('every action has a label and is the action of some event', () => {
    const used = new Set(Object.values(ADMIN_ACTIVITY_EVENTS));
    for (const [action, { label }] of Object.entries(ADMIN_ACTIVITY_ACTIONS)) {
      expect(label.length, action).toBeGreaterThan(3);
      expect(used.has(action as never), action).toBe(true);
    }
  });
});

describe('GET /api/admin/activities query', () => {
  it('defaults to the first page of 25, no filter', () => {
    expect(AdminActivityListQuery.parse({})).toEqual({ admin: null, action: null, from: null, to: null, page: 1, pageSize: 25 });
  });

  it('a day as `to` holds the whole day; instants are kept', () => {
    expect(AdminActivityListQuery.parse({ from: '2026-11-01', to: '2026-11-26' })).toMatchObject({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-27T00:00:00.000Z',
    });
    expect(AdminActivityListQuery.parse({ from: '2026-11-01T10:00:00Z', to: '2026-11-01T11:00:00.000Z' })).toMatchObject({
      from: '2026-11-01T10:00:00.000Z',
      to: '2026-11-01T11:00:00.000Z',
    });
  });

  it.each([
    [{ action: 'job.deleted' }, 'action must be one of'],
    [{ from: 'yesterday' }, 'from must be a date'],
    [{ to: '2026-13-45' }, 'to must be a date'],
    [{ from: '2026-11-27', to: '2026-11-26' }, 'from must be before to'],
    [{ page: '0' }, 'page must be a whole number'],
    [{ pageSize: '101' }, 'pageSize must be a whole number'],
    [{ pageSize: 'ten' }, 'pageSize must be a whole number'],
  ])('refuses %j with a clear message', (query, message) => {
    const result = AdminActivityListQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message).join(' ')).toContain(message);
  });
});
