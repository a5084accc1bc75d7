import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from '../index';
import * as imports from '../imports/events';
import { PERSONAL_DATA_RULES } from './rules';

/**
 * A field whose name says it may hold a person's data must be sealed (a rule in
 * PERSONAL_DATA_RULES) or be listed below with the reason it is not a person's.
 */
const LOOKS_PERSONAL = /^(name|fullName|firstName|lastName|contactName|email|phone|location|address|currentRole|subject|linkedin\w*|resume\w*|message|note|notes|additionalNotes|timezone|cv|birth\w*)$/i;
const NOT_A_PERSONS: Record<string, string[]> = {
  CompanyRegistered: ['name', 'location'], // a company's, public on its jobs
  CompanyProfileUpdated: ['name', 'address'], // a company's, public on its jobs
  JobPosted: ['location'], // where the job is
  JobImported: ['location'],
  ImportedJobRevised: ['location'],
  JobEdited: ['location'],
};

const schemaMaps = [...Object.entries(contracts), ...Object.entries(imports)].filter(([name]) => name.endsWith('EventSchemas')).map(([, map]) => map as Record<string, z.ZodType>);
const eventSchemas = new Map(schemaMaps.flatMap((map) => Object.entries(map)));
const fieldsOf = (schema: z.ZodType): string[] => Object.keys((schema as unknown as { shape?: Record<string, unknown> }).shape ?? {});

describe('personal data rules (ADR 019)', () => {
  it('finds the event schemas of every stream', () => {
    expect([...eventSchemas.keys()]).toEqual(expect.arrayContaining(['UserRegistered', 'EmailReserved', 'IdentityLinked', 'JobPosted', 'ApplicationSubmitted', 'ImportRunCompleted', 'PersonErased', 'SubscriptionCheckoutStarted', 'SubscriptionActivated']));
  });

  it('every event field that looks personal is sealed, or is listed as not a person’s', () => {
    const unsealed: string[] = [];
    for (const [type, schema] of eventSchemas) {
      const rule = (PERSONAL_DATA_RULES as Record<string, { erased: Record<string, unknown> }>)[type];
      for (const field of fieldsOf(schema)) {
        if (!LOOKS_PERSONAL.test(field)) continue;
        if (rule && field in rule.erased) continue;
        if (NOT_A_PERSONS[type]?.includes(field)) continue;
        unsealed.push(`${type}.${field}`);
      }
    }
    expect(unsealed).toEqual([]);
  });

  it('every rule names a subject and personal fields its event has, and erased values its schema accepts', () => {
    for (const [type, rule] of Object.entries(PERSONAL_DATA_RULES) as Array<[string, { subject: string; erased: Record<string, unknown> }]>) {
      const schema = eventSchemas.get(type);
      expect(schema, type).toBeDefined();
      const fields = fieldsOf(schema!);
      expect(fields, type).toContain(rule.subject);
      expect(Object.keys(rule.erased).length, type).toBeGreaterThan(0);
      for (const field of Object.keys(rule.erased)) expect(fields, `${type}.${field}`).toContain(field);
      expect(Object.keys(rule.erased), type).not.toContain(rule.subject);
      const shape = (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
      for (const [field, erased] of Object.entries(rule.erased)) expect(shape[field]!.safeParse(erased).success, `${type}.${field}`).toBe(true);
    }
  });
});
