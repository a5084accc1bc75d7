import { displayError, serverErrorText } from '../../../lib/api-client';
import { toast } from '../../../components/ui/toast';

/** Part 2 §9: an admin row shows at most 3 skills (the rest as a count). */
export const ADMIN_ROW_SKILLS = 3;

export function rowSkills(skills: readonly string[]): { shown: string[]; more: number } {
  return { shown: skills.slice(0, ADMIN_ROW_SKILLS), more: Math.max(0, skills.length - ADMIN_ROW_SKILLS) };
}

/** Comma-separated text as a list: trimmed, empties dropped (part 2 §5). */
export const splitComma = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** One entry per line, blank lines dropped (part 2 §5, requirements). */
export const splitLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** An admin failure toast: the spec's title, and the server's own reason when it gave one (part 2 §8). */
export function failureToast(title: string, error: unknown): void {
  const reason = displayError(error, '');
  toast({ title, description: reason || undefined, variant: 'destructive' });
}

/** A toast whose text is 'Title: description' (the spec's form), shown as its title and description. */
export function splitToastText(text: string): { title: string; description?: string } {
  const at = text.indexOf(': ');
  return at === -1 ? { title: text } : { title: text.slice(0, at), description: text.slice(at + 2) };
}

export const formatDay = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
};

export const formatTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
};

/** A fresh key for one confirmed bulk action (ADR 015). */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Why a list could not be read, for people: the server's reason, else a retry hint. */
export const loadFailure = (error: unknown): string => serverErrorText(error) ?? 'Please try again later.';
