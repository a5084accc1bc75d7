import { ApplyResponse, ExchangeCodeResponse, JobList, MyApplication, ROLES, User, USER_TYPES, JOB_SOURCES } from '@hireloop/contracts';
import { sampleJob } from '@hireloop/contracts/testing/jobs';
import { describe, expect, it } from 'vitest';
import { ExchangeCodeResponseCheck, UserCheck } from '../features/auth/api/session-answer-checks';
import { ApplyResponseCheck, JobListCheck, MyApplicationCheck } from '../features/jobs/api/board-answer-checks';
import { parseAnswer, UnexpectedAnswerError } from './api-client';

/**
 * The first page's answer checks without zod (ADR 095) against their contract's schemas: for a
 * valid answer, for the answer without each of its fields, and with each field given every kind
 * of value, both accept and refuse alike, with the same output and the same path to what is wrong.
 */

/** Every kind of value a field could wrongly hold, and the enumerations' and bounds' edges. */
const VALUES: unknown[] = [
  undefined, null, true, false, 0, 1, -1, 2.5, 100, 101, Number.NaN, '', 'text', [], ['a'], [1], {}, { a: 1 },
  ...USER_TYPES, ...ROLES, ...JOB_SOURCES, 'owner', 'CANDIDATE',
];

/** The outcome `parseAnswer` gives: the answer read, or the path of its first problem and how many there are. */
function outcome(schema: Parameters<typeof parseAnswer>[0], body: unknown) {
  try {
    return { value: parseAnswer(schema, body, '/api/x') };
  } catch (error) {
    if (!(error instanceof UnexpectedAnswerError)) throw error;
    // The path and the count of problems, not zod's wording.
    const [, path, more] = /^((?:[\w$]+\.)*[\w$]+: )?[\s\S]*?( \(and \d+ more\))?$/.exec(error.problem) ?? [];
    return { refused: `${path ?? ''}${more ?? ''}` };
  }
}

/** The answer, then the answer with each of its fields removed or set to each value. */
function variants(answer: Record<string, unknown>): unknown[] {
  const keys = Object.keys(answer);
  return [
    answer,
    { ...answer, unknownKey: 'dropped' },
    ...keys.flatMap((key) => [
      Object.fromEntries(Object.entries(answer).filter(([other]) => other !== key)),
      ...VALUES.map((value) => ({ ...answer, [key]: value })),
    ]),
  ];
}

const user = {
  id: 'u1',
  userId: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  type: 'candidate',
  role: 'candidate',
  isAdmin: false,
  companyId: null,
  companyName: null,
  createdAt: '2026-11-27T10:00:00.000Z',
};

const job = { ...sampleJob({ id: 'j1', matchScore: 87 }) } as Record<string, unknown>;

const pairs = [
  ['a page of jobs', JobList, JobListCheck, [[], [job, { ...job, id: 'j2', matchScore: null, companyId: null }], ...variants(job).map((item) => [job, item])]],
  ['the signed-in user', User, UserCheck, variants(user)],
  ['applying', ApplyResponse, ApplyResponseCheck, variants({ success: true, applicationId: 'a1', appliedAt: '2026-11-27T10:00:00.000Z' })],
  ['whether I applied', MyApplication, MyApplicationCheck, [...variants({ applied: true, appliedAt: '2026-11-27T10:00:00.000Z' }), { applied: false, appliedAt: null }]],
  ['the code exchange', ExchangeCodeResponse, ExchangeCodeResponseCheck, variants({ success: true, token: 't1' })],
] as const;

const NOT_ANSWERS = [null, undefined, 'text', 42, [], {}, [null], '<!doctype html><title>Bad gateway</title>'];

describe('the first page\'s answer checks and their contract\'s schemas', () => {
  it.each(pairs)('read %s alike: the same answers accepted with the same output, the same refused at the same place', (_name, contract, check, answers) => {
    const differing = [...answers, ...NOT_ANSWERS].flatMap((body) => {
      const expected = outcome(contract, body);
      const got = outcome(check, body);
      return JSON.stringify(got) === JSON.stringify(expected) ? [] : [`${JSON.stringify(body)}: contract ${JSON.stringify(expected)}, check ${JSON.stringify(got)}`];
    });
    expect(differing).toEqual([]);
  });

  it('accepts a valid answer and refuses a wrong one (the comparison above has both to compare)', () => {
    expect(parseAnswer(UserCheck, user, '/api/auth/user')).toEqual(user);
    expect(() => parseAnswer(UserCheck, { ...user, role: 'owner' }, '/api/auth/user')).toThrow(/^Unexpected answer from \/api\/auth\/user: role: /);
    expect(() => parseAnswer(JobListCheck, [{ id: 'j1' }], '/api/jobs')).toThrow(/^Unexpected answer from \/api\/jobs: 0\.shareToken: .* \(and \d+ more\)$/);
  });
});
