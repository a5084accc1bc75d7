import { chaosPart } from './chaos';
import type { ProvePart } from './part';
import { trafficPart } from './traffic';
import { webhooksPart } from './webhooks';

/**
 * The parts `npm run prove` runs, in this order. The authorisation matrix and the fuzzer
 * (`authzMatrixPart` from ./authz-matrix, `fuzzPart` from ./fuzz) join this list when their
 * branch is merged.
 */
export const proveParts: readonly ProvePart[] = [chaosPart, trafficPart, webhooksPart];
