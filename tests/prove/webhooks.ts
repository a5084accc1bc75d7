/**
 * `npm run prove`, webhooks (issue 27): Stripe's deliveries as they really come — replayed,
 * reordered, tampered with, signed too long ago — many companies at once while the board is
 * read, against the embedded default (`start`) with the simulated payments' signing secret. Each
 * company's subscription must end in the state its life declares (the same as a company whose
 * events came once, in order), every bad delivery must be a 400 with no effect, and no answer may
 * be a 5xx or a hang.
 */
import { MIN_POSITION_HEADER, POSITION_HEADER } from '@hireloop/contracts';
import { maxPosition, START } from '@hireloop/platform/event-store';
import { signWebhook } from '@hireloop/platform/payments';
import { createTestDatabase } from '../support/postgres';
import { startService, stopAllServices } from '../support/service-processes';
import type { ProvePart, ProveRow } from './part';
import { call, companyOnPlan, rowsOf, shuffled, type Answer, type Company } from './support';

const SECRET = 'whsec_prove_webhooks';
const DAY = 24 * 3600;

interface Delivery {
  kind: 'genuine' | 'tampered' | 'foreign-secret' | 'stale';
  company: number;
  payload: string;
  /** Signed when sent (a stale one with a time past the 300 s tolerance). */
  sign: () => string;
}

/** A Stripe `customer.subscription.*` event for a Hireloop company (the shape the webhook reads). */
function subscriptionEvent(id: string, type: string, created: number, companyId: string, fields: { subscriptionId: string; status: string; periodStart: number; periodEnd: number; cancelAtPeriodEnd?: boolean; planId?: string; subscriptionCreated: number; trialEnd: number }) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created,
    livemode: false,
    data: {
      object: {
        id: fields.subscriptionId,
        object: 'subscription',
        customer: `cus_${companyId.slice(0, 12)}`,
        status: fields.status,
        created: fields.subscriptionCreated,
        cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
        trial_end: fields.trialEnd,
        metadata: { companyId, planId: fields.planId ?? 'small_business', billingPeriod: 'monthly' },
        items: { object: 'list', data: [{ id: `si_${id}`, current_period_start: fields.periodStart, current_period_end: fields.periodEnd, price: { recurring: { interval: 'month' } } }] },
      },
    },
  });
}

/**
 * One company's life with its provider: an older subscription that ended, a trial, paid, a failed
 * payment, paid again, cancelled at the period's end, and (`ended`) the end itself. Without the
 * end the company stays active until the period's end with free scheduled; with it, cancelled.
 * `epoch` (seconds): the run's one "now", so that every company's periods end at the same moment.
 */
function life(index: number, companyId: string, ended: boolean, epoch: number): string[] {
  const T0 = epoch - (ended ? 50 : 30) * DAY;
  const P1 = T0 + 14 * DAY;
  const P2 = P1 + 30 * DAY;
  const sub = `sub_prove_${index}`;
  const base = { subscriptionId: sub, subscriptionCreated: T0, trialEnd: P1 };
  const events = [
    subscriptionEvent(`evt_p${index}_0`, 'customer.subscription.deleted', T0 - DAY, companyId, { subscriptionId: `sub_prove_old_${index}`, subscriptionCreated: T0 - 60 * DAY, trialEnd: T0 - 46 * DAY, status: 'canceled', periodStart: T0 - 30 * DAY, periodEnd: T0, planId: 'vc_startup' }),
    subscriptionEvent(`evt_p${index}_1`, 'customer.subscription.created', T0, companyId, { ...base, status: 'trialing', periodStart: T0, periodEnd: P1 }),
    subscriptionEvent(`evt_p${index}_2`, 'customer.subscription.updated', P1, companyId, { ...base, status: 'active', periodStart: P1, periodEnd: P2 }),
    subscriptionEvent(`evt_p${index}_3`, 'customer.subscription.updated', P1 + 3600, companyId, { ...base, status: 'past_due', periodStart: P1, periodEnd: P2 }),
    subscriptionEvent(`evt_p${index}_4`, 'customer.subscription.updated', P1 + 2 * DAY, companyId, { ...base, status: 'active', periodStart: P1, periodEnd: P2 }),
    subscriptionEvent(`evt_p${index}_5`, 'customer.subscription.updated', P1 + 10 * DAY, companyId, { ...base, status: 'active', periodStart: P1, periodEnd: P2, cancelAtPeriodEnd: true }),
  ];
  if (ended) events.push(subscriptionEvent(`evt_p${index}_6`, 'customer.subscription.deleted', P2, companyId, { ...base, status: 'canceled', periodStart: P1, periodEnd: P2, cancelAtPeriodEnd: true }));
  return events;
}

/** What the company's subscription must end as (GET /api/subscription/current). */
const declared = (ended: boolean) => (ended ? { planId: 'small_business', status: 'canceled', scheduledPlanId: null } : { planId: 'small_business', status: 'active', scheduledPlanId: 'free' });

const now = () => Math.floor(Date.now() / 1000);

/** Bad deliveries that would change the state if they were applied. */
function hostile(index: number, companyId: string, ended: boolean, genuine: readonly string[]): Delivery[] {
  const last = genuine.at(-1)!;
  // Re-signed bytes changed after signing: another plan, another status.
  const changed = last.replace('"small_business"', '"enterprise"').replace(ended ? '"canceled"' : '"active"', ended ? '"active"' : '"canceled"');
  // A new event (never delivered genuinely) that would end the subscription, signed long ago or with another secret.
  const ending = JSON.parse(last) as { id: string; created: number; type: string; data: { object: { status: string } } };
  ending.id = `evt_p${index}_forged`;
  ending.created += DAY;
  ending.type = 'customer.subscription.updated';
  ending.data.object.status = ended ? 'active' : 'canceled';
  const forged = JSON.stringify(ending);
  return [
    { kind: 'tampered', company: index, payload: changed, sign: () => signWebhook(SECRET, last, now()).signature },
    { kind: 'foreign-secret', company: index, payload: forged, sign: () => signWebhook('whsec_someone_else', forged, now()).signature },
    { kind: 'stale', company: index, payload: forged, sign: () => signWebhook(SECRET, forged, now() - 301).signature },
  ];
}

export const webhooksPart: ProvePart = {
  name: 'webhooks',
  async run({ short, log }): Promise<ProveRow[]> {
    const { rows, add } = rowsOf('webhooks');
    const companiesCount = short ? 6 : 40;
    const epoch = now();
    const db = await createTestDatabase('hl_prove_webhooks');
    try {
      const app = await startService('start', { DATABASE_URL: db.url, NATS_URL: '', STRIPE_WEBHOOK_SECRET: SECRET, TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'http://hireloop.test', READ_YOUR_WRITES_TIMEOUT_MS: '15000' }, { timeoutMs: 180_000 });
      log(`webhooks: start is up at ${app.url}; signing up ${companiesCount + 2} companies`);
      const companies: Company[] = [];
      for (let i = 0; i < companiesCount + 2; i++) companies.push(await companyOnPlan(app.url, `Webhook Firm ${i}`, { plan: false }));
      let position = START;
      const deliver = async (payload: string, signature: string): Promise<Answer> => {
        const answer = await call(app.url, '/api/stripe/webhook', { rawBody: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
        const written = answer.headers?.get(POSITION_HEADER);
        if (written) position = maxPosition(position, written);
        return answer;
      };
      const current = async (company: Company) => {
        const answer = await call(app.url, '/api/subscription/current', { token: company.token, from: company.from, headers: { [MIN_POSITION_HEADER]: position } });
        if (answer.status !== 200) throw new Error(`GET /api/subscription/current: ${answer.status} ${answer.body.slice(0, 200)}`);
        const { planId, status, billingPeriod, currentPeriodEnd, scheduledPlanId } = JSON.parse(answer.body) as Record<string, unknown>;
        return { planId, status, billingPeriod, currentPeriodEnd, scheduledPlanId };
      };

      // Two references: a company whose events came once, in order (with and without the end).
      const references = new Map<boolean, Awaited<ReturnType<typeof current>>>();
      for (const ended of [true, false]) {
        const index = companiesCount + (ended ? 0 : 1);
        for (const payload of life(index, companies[index]!.companyId, ended, epoch)) {
          const answer = await deliver(payload, signWebhook(SECRET, payload, now()).signature);
          if (answer.status !== 200) throw new Error(`an in-order delivery: ${answer.status} ${answer.body.slice(0, 200)}`);
        }
        references.set(ended, await current(companies[index]!));
      }
      const referencesRight = [true, false].every((ended) => Object.entries(declared(ended)).every(([key, value]) => references.get(ended)![key as keyof ReturnType<typeof declared>] === value));
      add('a subscription life delivered once, in order (with and without its end)', `ended: ${JSON.stringify(references.get(true))}; not ended: ${JSON.stringify(references.get(false))}`, `${JSON.stringify(declared(true))}; ${JSON.stringify(declared(false))}`, referencesRight);

      // Every company's life, some deliveries twice (Stripe's retries), with the hostile ones, all shuffled together.
      const lives = companies.slice(0, companiesCount).map((company, index) => ({ company, index, ended: index % 2 === 0, events: life(index, company.companyId, index % 2 === 0, epoch) }));
      const deliveries: Delivery[] = [];
      for (const { company, index, ended, events } of lives) {
        const genuine = [...events, ...events.slice(0, 1 + (index % events.length))];
        for (const payload of genuine) deliveries.push({ kind: 'genuine', company: index, payload, sign: () => signWebhook(SECRET, payload, now()).signature });
        deliveries.push(...hostile(index, company.companyId, ended, events));
      }
      const order = shuffled(deliveries, 27);
      log(`webhooks: ${order.length} deliveries for ${companiesCount} companies, 16 at a time, while 4 clients read`);

      // Load beside them: the board and the companies' own pages.
      let reading = true;
      const reads: Answer[] = [];
      const readers = Array.from({ length: 4 }, async (_, r) => {
        for (let n = 0; reading; n++) {
          const company = companies[(r + n) % companies.length]!;
          reads.push(await (n % 2 ? call(app.url, '/api/jobs?search=engineer') : call(app.url, '/api/subscription/current', { token: company.token, from: company.from })));
        }
      });
      const answers: Array<{ delivery: Delivery; answer: Answer }> = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < order.length) {
            const delivery = order[next++]!;
            answers.push({ delivery, answer: await deliver(delivery.payload, delivery.sign()) });
          }
        }),
      );
      reading = false;
      await Promise.all(readers);

      const genuineAnswers = answers.filter(({ delivery }) => delivery.kind === 'genuine');
      const genuineOk = genuineAnswers.filter(({ answer }) => answer.status === 200).length;
      const wrongStates: string[] = [];
      for (const { company, index, ended } of lives) {
        const state = await current(company);
        if (JSON.stringify(state) !== JSON.stringify(references.get(ended))) wrongStates.push(`company ${index}: ${JSON.stringify(state)}`);
      }
      add(
        `${companiesCount} companies' lives delivered shuffled, with retries, 16 at a time under reads`,
        `${genuineOk}/${genuineAnswers.length} deliveries 200; ${companiesCount - wrongStates.length}/${companiesCount} end as their reference${wrongStates.length ? `; ${wrongStates.slice(0, 2).join('; ')}` : ''}`,
        `all 200; ${companiesCount}/${companiesCount} as the reference`,
        genuineOk === genuineAnswers.length && wrongStates.length === 0,
      );

      const refused = (kind: Delivery['kind'], message: RegExp) => {
        const of = answers.filter(({ delivery }) => delivery.kind === kind);
        const right = of.filter(({ answer }) => answer.status === 400 && message.test(answer.body)).length;
        return { count: of.length, right, sample: of.find(({ answer }) => !(answer.status === 400 && message.test(answer.body)))?.answer };
      };
      const tampered = refused('tampered', /signature/i);
      const foreign = refused('foreign-secret', /signature/i);
      const stale = refused('stale', /old|stale|expired|tolerance|signature/i);
      add('tampered deliveries (bytes changed after signing) and deliveries signed with another secret', `${tampered.right + foreign.right}/${tampered.count + foreign.count} answered 400${tampered.sample ?? foreign.sample ? `; e.g. ${(tampered.sample ?? foreign.sample)!.status} ${(tampered.sample ?? foreign.sample)!.body.slice(0, 80)}` : ''}`, 'all 400, no effect (the states above)', tampered.right === tampered.count && foreign.right === foreign.count && wrongStates.length === 0);
      add('stale deliveries (signed 301 s ago, past the 300 s tolerance)', `${stale.right}/${stale.count} answered 400${stale.sample ? `; e.g. ${stale.sample.status} ${stale.sample.body.slice(0, 80)}` : ''}`, 'all 400, no effect', stale.right === stale.count && wrongStates.length === 0);

      // Replayed: every genuine event of every life once more, signed now: acknowledged, no effect.
      const replays = await Promise.all(lives.flatMap(({ events }) => events.map((payload) => deliver(payload, signWebhook(SECRET, payload, now()).signature))));
      const replayedApplied = replays.filter((answer) => answer.status === 200 && (JSON.parse(answer.body) as { applied: boolean }).applied).length;
      const replayedOk = replays.filter((answer) => answer.status === 200).length;
      const afterReplay: string[] = [];
      for (const { company, index, ended } of lives) if (JSON.stringify(await current(company)) !== JSON.stringify(references.get(ended))) afterReplay.push(`company ${index}`);
      add('every delivered event replayed once more at the end, all at once', `${replayedOk}/${replays.length} answered 200, ${replayedApplied} applied; ${afterReplay.length} states changed`, `all 200, 0 applied, 0 changed`, replayedOk === replays.length && replayedApplied === 0 && afterReplay.length === 0);

      const all = [...answers.map(({ answer }) => answer), ...replays, ...reads];
      const serverErrors = all.filter((answer) => answer.status >= 500).length;
      const hangs = all.filter((answer) => answer.status === 0).length;
      const readsOk = reads.filter((answer) => answer.status === 200).length;
      add('every answer of the run (deliveries and the reads beside them)', `${all.length} answers: ${serverErrors} 5xx, ${hangs} without an answer within 15 s; reads ${readsOk}/${reads.length} 200`, '0 5xx, 0 hangs, every read 200', serverErrors === 0 && hangs === 0 && readsOk === reads.length);
      return rows;
    } finally {
      await stopAllServices();
      await db.drop();
    }
  },
};
