import { createHash } from 'node:crypto';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Email addresses are compared trimmed and lower-cased. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const emailHash = (email: string): string => createHash('sha256').update(normaliseEmail(email)).digest('hex');
