import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';
import { initials } from '../lib/profile-display';

/** Heading levels of a display: h1 on its own page, one level lower inside the owner's preview. */
export interface HeadingLevels {
  name: 'h1' | 'h3';
  section: 'h2' | 'h4';
}
export const PAGE_HEADINGS: HeadingLevels = { name: 'h1', section: 'h2' };
export const PREVIEW_HEADINGS: HeadingLevels = { name: 'h3', section: 'h4' };

/** The profile picture, or the initials of the first and last name. */
export function ProfileAvatar({
  picture,
  firstName,
  lastName,
  className,
}: {
  picture: string | null;
  firstName: string;
  lastName: string;
  className?: string;
}) {
  const base = cn('size-20 shrink-0 rounded-full border-4 border-card bg-muted object-cover', className);
  const name = [firstName, lastName].filter(Boolean).join(' ');
  if (picture) return <img src={picture} alt={name ? `Avatar of ${name}` : 'Avatar'} className={base} />;
  return (
    <div
      role="img"
      aria-label={name ? `Initials of ${name}` : 'No profile picture'}
      className={cn(base, 'grid place-content-center bg-primary text-2xl font-semibold text-primary-foreground')}
    >
      {initials(firstName, lastName)}
    </div>
  );
}

/** Skills as badges, then '+N more' for the ones not shown. */
export function SkillBadges({ shown, more, label }: { shown: readonly string[]; more: number; label: string }) {
  if (shown.length === 0) return <p className="text-sm text-muted-foreground">No skills listed yet.</p>;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {shown.map((skill) => (
        <li key={skill}>
          <Badge variant="secondary">{skill}</Badge>
        </li>
      ))}
      {more > 0 ? (
        <li>
          <Badge variant="outline">+{more} more</Badge>
        </li>
      ) : null}
    </ul>
  );
}

/**
 * A value the viewer may not see: placeholder text (never the real value, which the server does
 * not send) drawn blurred, read out as hidden.
 */
export function BlurredValue({ placeholder, className }: { placeholder: string; className?: string }) {
  return (
    <span className={className}>
      <span aria-hidden="true" className="blur-sm select-none" data-testid="blurred">
        {placeholder}
      </span>
      <span className="sr-only">Hidden</span>
    </span>
  );
}

/** One fact of the profile (a term and its value) in a `<dl>`. */
export function Fact({ term, icon, children }: { term: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="inline-flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        {icon}
        {term}
      </dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}
