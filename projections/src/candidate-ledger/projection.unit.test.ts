import { describe, expect, it } from 'vitest';
import type { CandidateCardsShown, CandidateViewCounted } from '@hireloop/contracts';
import { projectedEvent, projectionSpec } from '../shared/projection-spec';
import { candidateLedgerProjection, evolveEntry, ledgerEntryId, record, type LedgerEntryDocument } from './projection';

const spec = projectionSpec(candidateLedgerProjection);
const owner = { streamId: 'profile-1', type: 'CandidateProfileCreated', data: { profileId: 'profile-1', userId: 'user-ada' } };
const shown = (days: string[], profileIds = ['profile-1']): CandidateCardsShown => ({
  from: `${days[0]}T00:00:00.000Z`,
  to: `${days.at(-1)}T23:59:59.999Z`,
  shown: days.map((day) => ({ day, companyId: 'company-1', profileIds })),
});
const viewed: CandidateViewCounted = {
  companyId: 'company-1',
  profileId: 'profile-1',
  candidateUserId: 'user-ada',
  month: '2026-11',
  planId: 'free',
  viewedBy: 'user-owner',
  countedAt: '2026-11-24T10:00:00.000Z',
};
const cardShownId = ledgerEntryId({ candidateUserId: 'user-ada', companyId: 'company-1', kind: 'card_shown' });

describe('candidate-ledger read model', () => {
  it('a card shown counts once a day, however many flushes of the same day say so, and only for a known profile', async () => {
    await spec
      .given([
        owner,
        { streamId: 'analytics-1', type: 'CandidateCardsShown', data: shown(['2026-11-22', '2026-11-23'], ['profile-1', 'profile-unknown']) },
        { streamId: 'analytics-2', type: 'CandidateCardsShown', data: shown(['2026-11-23']) },
      ])
      .then('entries', [
        {
          _id: cardShownId,
          candidateUserId: 'user-ada',
          companyId: 'company-1',
          kind: 'card_shown',
          firstAt: '2026-11-22T00:00:00.000Z',
          lastAt: '2026-11-23T00:00:00.000Z',
          count: 2,
          companyName: '',
        },
      ]);
  });

  it("erasing the candidate removes their ledger and their profiles' owners", async () => {
    const erased = { streamId: 'user-ada', type: 'PersonErased', data: { userId: 'user-ada', erasedAt: '2026-11-25T10:00:00.000Z', erasedBy: 'user-ada' } };
    const given = [owner, { streamId: 'views-1', type: 'CandidateViewCounted', data: viewed }, erased];
    await spec.given(given).then('entries', []);
    await spec.given(given).then('owners', []);
  });
});

describe('the ledger holds each company as it is named now (ADR 059)', () => {
  const registered = { streamId: 'company-1', type: 'CompanyRegistered', data: { companyId: 'company-1', name: 'Northwind', website: '', location: '', industry: '', ownerUserId: 'user-owner' } };
  const renamed = {
    streamId: 'company-1',
    type: 'CompanyProfileUpdated',
    data: { companyId: 'company-1', name: 'Northwind Data', website: '', address: '', industry: '', size: '', description: '', updatedBy: 'user-owner', updatedAt: '2026-11-25T00:00:00.000Z' },
  };
  const viewEntry = (companyName: string) => ({
    _id: ledgerEntryId({ candidateUserId: 'user-ada', companyId: 'company-1', kind: 'profile_opened' }),
    candidateUserId: 'user-ada',
    companyId: 'company-1',
    kind: 'profile_opened',
    firstAt: viewed.countedAt,
    lastAt: viewed.countedAt,
    count: 1,
    companyName,
  });

  it('a new entry takes the name the company has', async () => {
    await spec.given([registered, owner, { streamId: 'views-1', type: 'CandidateViewCounted', data: viewed }]).then('entries', [viewEntry('Northwind')]);
  });

  it("a company renamed after the entry: the entry shows the new name; another company's entries are left alone", async () => {
    const other = { ...viewed, companyId: 'company-2' };
    await spec
      .given([registered, owner, { streamId: 'views-1', type: 'CandidateViewCounted', data: viewed }, { streamId: 'views-2', type: 'CandidateViewCounted', data: other }, renamed])
      .then('entries', [
        viewEntry('Northwind Data'),
        { ...viewEntry(''), _id: ledgerEntryId({ candidateUserId: 'user-ada', companyId: 'company-2', kind: 'profile_opened' }), companyId: 'company-2' },
      ]);
  });
});

describe('the ledger as pure functions', () => {
  const known: LedgerEntryDocument = {
    _id: cardShownId,
    candidateUserId: 'user-ada',
    companyId: 'company-1',
    kind: 'card_shown',
    firstAt: '2026-11-22T00:00:00.000Z',
    lastAt: '2026-11-23T00:00:00.000Z',
    count: 2,
    companyName: 'Northwind',
  };

  it('record: an earlier time moves firstAt back, and a card on a day already counted is the entry unchanged', () => {
    expect(record(known, { candidateUserId: 'user-ada', companyId: 'company-1', kind: 'card_shown', at: '2026-11-20T00:00:00.000Z' })).toEqual({
      ...known,
      firstAt: '2026-11-20T00:00:00.000Z',
      count: 3,
    });
    expect(record(known, { candidateUserId: 'user-ada', companyId: 'company-1', kind: 'card_shown', at: '2026-11-23T00:00:00.000Z' })).toBe(known);
  });

  it('evolveEntry folds only the occurrences of its own entry, with the owners the lookups found', () => {
    const event = projectedEvent('CandidateCardsShown', shown(['2026-11-24', '2026-11-25']));
    const context = { owners: [{ _id: 'profile-1', userId: 'user-ada' }], companies: [] };
    expect(evolveEntry(known, event, { id: cardShownId, context })).toMatchObject({ lastAt: '2026-11-25T00:00:00.000Z', count: 4 });
    expect(evolveEntry(known, event, { id: cardShownId, context: { owners: [], companies: [] } })).toBe(known);
  });
});
