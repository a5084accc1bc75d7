import { MESSAGES, type CandidateCard } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, Building2Icon, MapPinIcon, MessageSquareIcon, SearchIcon, UserIcon, UserRoundIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { DeferredSelect } from '../../../components/ui/deferred-select';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { clientErrorText, NetworkError } from '../../../lib/api-client';
import { useAuthDialog } from '../../../lib/auth-dialog';
import { useDebouncedText } from '../../../lib/use-debounced-text';
import { cn } from '../../../lib/utils';
import { useCandidateList } from '../api/get-candidates';
import { useCandidateEvents } from '../api/use-candidate-events';
import { useContactCandidate } from '../hooks/use-contact-candidate';
import {
  ALL_CANDIDATES,
  LOOKING_STATUS_OPTIONS,
  lookingStatusFromSelect,
  withCandidateFilterChange,
  type BrowseCandidatesFilters,
  type BrowseCandidatesSearch,
  type BrowseCandidatesSearchUpdate,
} from '../lib/browse-search';
import type { CandidateViewer } from '../lib/viewer';
import { CandidateBadges, CandidateFactList, CandidateSkills } from './candidate-facts';
import { ContactMessageDialog } from './contact-message-dialog';
import { UpgradeDialog } from './upgrade-dialog';

/**
 * What another feature adds to a company's cards (Request to Apply and where its requests stand,
 * part 1 §6); the page composes them.
 */
export interface CandidateCardExtras {
  /** Shown above the results (an alert of those actions). */
  notice?: ReactNode;
  /** Under a card's facts. */
  details?: (card: CandidateCard) => ReactNode;
  /** In a card's footer, before Contact. */
  actions?: (card: CandidateCard) => ReactNode;
  /** The dialogs those actions open. */
  dialogs?: ReactNode;
}

interface BrowseCandidatesProps {
  search: BrowseCandidatesSearch;
  onSearchChange: (update: BrowseCandidatesSearchUpdate) => void;
  viewer: CandidateViewer | null;
  viewerLoading: boolean;
  /** Whether the company is on a paid plan: Contact instead of 'Upgrade to Contact' (part 2 §2). */
  onPaidPlan?: boolean;
  /** The plan is still being looked up: Contact waits, rather than offering an upgrade to a paying company. */
  planPending?: boolean;
  /** What another feature adds to the cards (Request to Apply), composed by the route. */
  extras?: CandidateCardExtras;
}

/** Browse Candidates (part 2 §2, 'Company View'): company only. */
export function BrowseCandidates({ viewer, viewerLoading, ...props }: BrowseCandidatesProps) {
  if (viewerLoading) {
    return (
      <p role="status" className="py-20 text-center text-muted-foreground">
        Loading…
      </p>
    );
  }
  if (!viewer) return <SignInPrompt />;
  if (viewer.type !== 'company') return <CompaniesOnly />;
  return <CandidateBrowser {...props} />;
}

function SignInPrompt() {
  const { openAuthDialog } = useAuthDialog();
  return (
    <div className="grid justify-items-center gap-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{MESSAGES.signInRequired}</h1>
      <p className="text-muted-foreground">Browse Candidates is for companies.</p>
      <Button onClick={() => openAuthDialog('signin')}>Go to Sign In</Button>
    </div>
  );
}

function CompaniesOnly() {
  return (
    <div className="grid justify-items-center gap-4 py-20 text-center">
      <Building2Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Browse Candidates is for companies</h1>
      <p className="max-w-md text-muted-foreground">
        Companies use this page to find candidates. As a candidate, keep your profile up to date and browse jobs.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/jobs">Browse Jobs</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      </div>
    </div>
  );
}

function countText(total: number): string {
  return `${total} ${total === 1 ? 'candidate' : 'candidates'} found`;
}

function CandidateBrowser({ search, onSearchChange, onPaidPlan = false, planPending = false, extras }: Omit<BrowseCandidatesProps, 'viewer' | 'viewerLoading'>) {
  const list = useCandidateList(search);
  useCandidateEvents();
  const { contact, compose, sending, upgradeOpen, setUpgradeOpen } = useContactCandidate({ onPaidPlan });
  const changeFilters = (change: Partial<BrowseCandidatesFilters>) =>
    onSearchChange((current) => withCandidateFilterChange(current, change));
  const pageCount = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.count)) : 1;

  let results: ReactNode;
  if (list.isPending) {
    results = (
      <div role="status" aria-label="Loading candidates" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-56 w-full" />
        ))}
      </div>
    );
  } else if (list.isError) {
    const reason =
      list.error instanceof NetworkError ? list.error.message : (clientErrorText(list.error) ?? 'Please try again.');
    results = (
      <Alert variant="destructive">
        <AlertTitle>Could not load candidates</AlertTitle>
        <AlertDescription>
          <p>{reason}</p>
          <Button variant="outline" size="sm" className="mt-2 text-foreground" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (list.data.candidates.length === 0) {
    results = (
      <Card>
        <CardContent className="grid justify-items-center gap-1 py-12 text-center">
          <p className="text-lg font-semibold">No candidates found</p>
          <p className="text-sm text-muted-foreground">Try different keywords or filters.</p>
        </CardContent>
      </Card>
    );
  } else {
    results = (
      <>
        <ul
          aria-label="Candidates"
          aria-busy={list.isFetching}
          className={cn('grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3', list.isPlaceholderData && 'opacity-60')}
        >
          {list.data.candidates.map((card) => (
            <li key={card.id} className="grid">
              <BrowseCard
                card={card}
                extras={extras}
                onPaidPlan={onPaidPlan}
                waiting={planPending || sending === card.id}
                sending={sending === card.id}
                onContact={() => contact(card.id)}
              />
            </li>
          ))}
        </ul>
        <Pagination
          page={list.data.page}
          pageCount={pageCount}
          disabled={list.isPlaceholderData}
          onPageChange={(page) => {
            onSearchChange((current) => ({ ...current, page }));
            window.scrollTo?.({ top: 0, behavior: 'smooth' });
          }}
        />
      </>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Button variant="ghost" size="sm" className="justify-self-start" asChild>
          <Link to="/dashboard">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Browse Candidates</h1>
          <Badge variant="secondary">Company View</Badge>
        </div>
        <p className="text-muted-foreground" aria-live="polite">
          {list.data ? countText(list.data.total) : '\u00a0'}
        </p>
      </div>
      <CandidateFilters filters={search} onChange={changeFilters} />
      {extras?.notice}
      <section aria-label="Results" className="grid gap-4">
        {results}
      </section>
      <ContactMessageDialog {...compose} />
      <UpgradeDialog open={upgradeOpen} onOpenChange={setUpgradeOpen} />
      {extras?.dialogs}
    </div>
  );
}

function BrowseCard({
  card,
  extras,
  onPaidPlan,
  waiting,
  sending,
  onContact,
}: {
  card: CandidateCard;
  extras: CandidateCardExtras | undefined;
  onPaidPlan: boolean;
  waiting: boolean;
  sending: boolean;
  onContact: () => void;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-muted" aria-hidden="true">
          <UserRoundIcon className="size-5 text-muted-foreground" />
        </span>
        <CardTitle className="text-base">{card.title || 'Candidate'}</CardTitle>
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3">
        <CandidateFactList card={card} />
        <CandidateSkills skills={card.skills} />
        <CandidateBadges card={card} />
        {extras?.details?.(card)}
      </CardContent>
      <CardFooter className="flex-wrap">
        <Button variant="outline" size="sm" asChild>
          <Link to="/profile/$id" params={{ id: card.id }}>
            <UserIcon aria-hidden="true" />
            View Profile
          </Link>
        </Button>
        {extras?.actions?.(card)}
        {onPaidPlan || waiting ? (
          <Button size="sm" onClick={onContact} disabled={waiting}>
            <MessageSquareIcon aria-hidden="true" />
            {sending ? 'Sending...' : 'Contact'}
          </Button>
        ) : (
          <Button size="sm" onClick={onContact}>
            Upgrade to Contact
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

function CandidateFilters({
  filters,
  onChange,
}: {
  filters: BrowseCandidatesFilters;
  onChange: (change: Partial<BrowseCandidatesFilters>) => void;
}) {
  const id = useId();
  const text = useDebouncedText(filters.search, (search) => onChange({ search }));
  const location = useDebouncedText(filters.location, (value) => onChange({ location: value }));
  const skills = useDebouncedText(filters.skills, (value) => onChange({ skills: value }));
  // Enter in any field searches with every field as typed, without waiting for the others' pause.
  const searchNow = () => {
    text.flush();
    location.flush();
    skills.flush();
  };
  const fields = [
    { key: 'search', label: 'Search', placeholder: 'Title or skill', field: text, icon: SearchIcon },
    { key: 'location', label: 'Location', placeholder: 'City, country or Remote', field: location, icon: MapPinIcon },
    { key: 'skills', label: 'Skills', placeholder: 'e.g. React', field: skills, icon: null },
  ] as const;
  return (
    <form
      role="search"
      aria-label="Filter candidates"
      className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm md:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault();
        searchNow();
      }}
    >
      {fields.map(({ key, label, placeholder, field, icon: Icon }) => (
        <div key={key} className="grid gap-1.5">
          <Label htmlFor={`${id}-${key}`}>{label}</Label>
          <div className="relative">
            {Icon ? (
              <Icon
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
            ) : null}
            <Input
              id={`${id}-${key}`}
              type="search"
              className={Icon ? 'pl-9' : undefined}
              placeholder={placeholder}
              value={field.text}
              maxLength={200}
              onChange={(event) => field.setText(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && searchNow()}
            />
          </div>
        </div>
      ))}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Looking Status</Label>
        <DeferredSelect
          id={`${id}-status`}
          value={filters.lookingStatus || ALL_CANDIDATES}
          options={LOOKING_STATUS_OPTIONS}
          onValueChange={(value) => onChange({ lookingStatus: lookingStatusFromSelect(value) })}
        />
      </div>
    </form>
  );
}
