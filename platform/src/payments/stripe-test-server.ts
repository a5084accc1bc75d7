import Fastify from 'fastify';

/** A request the test server received, as Stripe would: the path, the idempotency key, the key, the form fields. */
export interface StripeTestRequest {
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  body: Record<string, string>;
}

/**
 * For tests: a local HTTP server that answers the calls the `stripe` adapter makes in Stripe's
 * shape (form-encoded requests, JSON objects, Stripe's error body), so the real SDK runs on the
 * production code path. Like Stripe, a repeated idempotency key answers the first object again.
 */
export async function startStripeTestServer() {
  const received: StripeTestRequest[] = [];
  const answered = new Map<string, object>();
  let failures = 0;
  let failingPath: string | null = null;
  let refusal: string | null = null;
  let created = 0;
  const server = Fastify();
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
  const objects: Record<string, (body: Record<string, string>, n: number) => object> = {
    '/v1/customers': (body, n) => ({ id: `cus_test_${n}`, object: 'customer', name: body.name ?? null, metadata: { companyId: body['metadata[companyId]'] } }),
    '/v1/checkout/sessions': (body, n) => ({ id: `cs_test_${n}`, object: 'checkout.session', mode: body.mode, customer: body.customer, url: `https://checkout.stripe.test/c/pay/cs_test_${n}` }),
    '/v1/billing_portal/sessions': (body, n) => ({ id: `bps_test_${n}`, object: 'billing_portal.session', customer: body.customer, url: `https://billing.stripe.test/p/session/${n}` }),
  };
  for (const [path, answer] of Object.entries(objects)) {
    server.post(path, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, string>;
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      received.push({ path, idempotencyKey, authorization: request.headers.authorization, body });
      if (failures > 0 && (failingPath === null || failingPath === path)) {
        failures -= 1;
        return reply.code(500).send({ error: { type: 'api_error', message: 'Something broke on the test server' } });
      }
      if (refusal) {
        const message = refusal;
        refusal = null;
        return reply.code(400).send({ error: { type: 'invalid_request_error', message } });
      }
      const key = idempotencyKey ? `${path} ${idempotencyKey}` : null;
      const known = key ? answered.get(key) : undefined;
      if (known) return reply.header('idempotent-replayed', 'true').send(known);
      const object = answer(body, ++created);
      if (key) answered.set(key, object);
      return object;
    });
  }
  // Objects the test put there, read back as Stripe answers a retrieve call (404 `resource_missing` otherwise).
  const stored = new Map<string, object>();
  for (const path of ['/v1/subscriptions/:id', '/v1/subscription_schedules/:id']) {
    server.get(path, async (request, reply) => {
      const at = request.url.split('?')[0]!;
      received.push({ path: at, idempotencyKey: undefined, authorization: request.headers.authorization, body: Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? '')) });
      if (failures > 0 && (failingPath === null || failingPath === at)) {
        failures -= 1;
        return reply.code(500).send({ error: { type: 'api_error', message: 'Something broke on the test server' } });
      }
      const object = stored.get(at);
      if (!object) return reply.code(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${at.split('/').pop()}'` } });
      return object;
    });
  }
  const url = await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    received,
    /** The next `count` requests (to `path` only, if given) get a 500 (the SDK retries them). */
    failNext(count: number, path: string | null = null) {
      failures = count;
      failingPath = path;
    },
    /** The next request gets Stripe's 400 error body with this message. */
    refuseNext(message: string) {
      refusal = message;
    },
    /** What a GET of `path` (`/v1/subscriptions/sub_1`) answers from now on. */
    store(path: string, object: object) {
      stored.set(path, object);
    },
    reset() {
      stored.clear();
      received.length = 0;
      failures = 0;
      failingPath = null;
      refusal = null;
    },
    close: () => server.close(),
  };
}
