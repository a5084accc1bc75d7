import type { User } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { LogOutIcon, UserIcon } from 'lucide-react';
import { PRODUCT_NAME } from '../../lib/product';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';

interface HeaderProps {
  user: User | null;
  /**
   * The session is still being restored (or unknown: the pre-rendered shell): show neither Sign In
   * nor the user, and keep the links' room without showing a visitor's links to a signed-in person.
   */
  isLoading: boolean;
  onSignIn: () => void;
  /** The pointer or focus reached Sign In: a good moment to fetch the dialog's code. */
  onSignInIntent?: () => void;
  onSignOut: () => void;
}

const navLinkClass =
  'rounded-md px-2.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground data-[status=active]:text-foreground';

/**
 * Spec part 1, §2: Dashboard is shown when signed in; Jobs to visitors and candidates;
 * Pricing to everyone except candidates. Part 2, Dashboard: admins also get the Admin Panel
 * link and an Admin badge by their name.
 */
export function Header({ user, isLoading, onSignIn, onSignInIntent, onSignOut }: HeaderProps) {
  const isCandidate = user?.type === 'candidate';
  return (
    <header className="sticky top-0 z-40 border-b bg-card/90 backdrop-blur supports-[backdrop-filter]:bg-card/75">
      <div className="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-3 py-2 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="text-lg font-bold tracking-tight text-primary">{PRODUCT_NAME}</span>
          <Badge variant="secondary">Beta</Badge>
        </Link>
        <nav aria-label="Main" className={`order-last flex w-full items-center gap-1 sm:order-none sm:w-auto${isLoading ? ' invisible' : ''}`}>
          {user ? (
            <Link to="/dashboard" className={navLinkClass}>
              Dashboard
            </Link>
          ) : null}
          {!user || isCandidate ? (
            <Link to="/jobs" className={navLinkClass}>
              Jobs
            </Link>
          ) : null}
          {!isCandidate ? (
            <Link to="/pricing" className={navLinkClass}>
              Pricing
            </Link>
          ) : null}
          {user?.isAdmin ? (
            <Link to="/admin" className={navLinkClass}>
              Admin Panel
            </Link>
          ) : null}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {isLoading ? null : user ? (
            <>
              <Link
                to="/settings"
                title="Settings"
                className="hidden items-center gap-1.5 rounded-md text-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring sm:inline-flex"
              >
                <UserIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                {user.name}
                {user.isAdmin ? <Badge variant="default">Admin</Badge> : null}
                <span className="sr-only"> (Settings)</span>
              </Link>
              <Button variant="outline" size="sm" onClick={onSignOut}>
                <LogOutIcon aria-hidden="true" />
                Sign Out
              </Button>
            </>
          ) : (
            <Button size="sm" onClick={onSignIn} onPointerEnter={onSignInIntent} onFocus={onSignInIntent}>
              Sign In
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
