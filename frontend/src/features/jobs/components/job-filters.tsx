import { MapPinIcon, SearchIcon, XIcon } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { DeferredSelect, type SelectOption } from '../../../components/ui/deferred-select';
import { useDebouncedText } from '../hooks/use-debounced-text';
import {
  ALL_TYPES,
  hasActiveFilters,
  JOB_BOARD_SEARCH_DEFAULTS,
  JOB_STATUS_FILTER_LABELS,
  JOB_TYPE_FILTER_LABELS,
  JOB_TYPE_FILTERS,
  typeFilterFromSelect,
  type JobBoardFilters,
  type JobStatusFilter,
} from '../lib/board-search';

interface JobFiltersProps {
  filters: JobBoardFilters;
  /** A filter changed. `typing`: a debounced text change (the board may replace the history entry). */
  onChange: (change: Partial<JobBoardFilters>, options?: { typing?: boolean }) => void;
  /** Typing ended (the field lost focus). */
  onTypingEnd?: () => void;
}

const isStatus = (value: string): value is JobStatusFilter => value in JOB_STATUS_FILTER_LABELS;

const TYPE_OPTIONS: SelectOption[] = [
  { value: ALL_TYPES, label: 'All types' },
  ...JOB_TYPE_FILTERS.map((type) => ({ value: type, label: JOB_TYPE_FILTER_LABELS[type] })),
];
const STATUS_OPTIONS: SelectOption[] = (Object.keys(JOB_STATUS_FILTER_LABELS) as JobStatusFilter[]).map((status) => ({
  value: status,
  label: JOB_STATUS_FILTER_LABELS[status],
}));

/** Keywords, location, type and status (spec part 1, §5). Text waits for a pause in typing. */
export function JobFilters({ filters, onChange, onTypingEnd }: JobFiltersProps) {
  const id = useId();
  const keywords = useDebouncedText(filters.search, (search) => onChange({ search }, { typing: true }));
  const location = useDebouncedText(filters.location, (value) => onChange({ location: value }, { typing: true }));
  // Enter in either field searches with both as typed, without waiting for the other's pause.
  const searchNow = () => {
    keywords.flush();
    location.flush();
  };

  return (
    <form
      role="search"
      aria-label="Search jobs"
      className="grid gap-3 rounded-lg border bg-card p-4 shadow-sm md:grid-cols-[minmax(0,2fr)_minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)]"
      onSubmit={(event) => {
        event.preventDefault();
        searchNow();
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-search`}>Keywords</Label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={`${id}-search`}
            type="search"
            className="pl-9"
            placeholder="Title, company, skill or keyword"
            value={keywords.text}
            maxLength={200}
            onChange={(event) => keywords.setText(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && searchNow()}
            onBlur={onTypingEnd}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-location`}>Location</Label>
        <div className="relative">
          <MapPinIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={`${id}-location`}
            className="pl-9"
            placeholder="City, state, remote, USA"
            value={location.text}
            maxLength={200}
            onChange={(event) => location.setText(event.target.value)}
            onKeyDown={(event) => event.key === 'Enter' && searchNow()}
            onBlur={onTypingEnd}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-type`}>Job Type</Label>
        <DeferredSelect
          id={`${id}-type`}
          value={filters.type || ALL_TYPES}
          options={TYPE_OPTIONS}
          onValueChange={(value) => onChange({ type: typeFilterFromSelect(value) })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Status</Label>
        <DeferredSelect
          id={`${id}-status`}
          value={filters.status}
          options={STATUS_OPTIONS}
          onValueChange={(value) => isStatus(value) && onChange({ status: value })}
        />
      </div>
      {hasActiveFilters(filters) ? (
        <div className="md:col-span-4">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              const { page: _page, ...defaults } = JOB_BOARD_SEARCH_DEFAULTS;
              onChange(defaults);
            }}
          >
            <XIcon aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      ) : null}
    </form>
  );
}
