import { authzMatrixPart } from './authz-matrix';
import { chaosPart } from './chaos';
import { fuzzPart } from './fuzz';
import type { ProvePart } from './part';
import { trafficPart } from './traffic';
import { webhooksPart } from './webhooks';

/** The parts `npm run prove` runs, in this order (ADR 088, ADR 089). */
export const proveParts: readonly ProvePart[] = [authzMatrixPart, fuzzPart, chaosPart, trafficPart, webhooksPart];
