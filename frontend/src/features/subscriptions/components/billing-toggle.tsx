import type { BillingPeriod } from '@hireloop/contracts';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

const OPTIONS: Array<{ value: BillingPeriod; label: string }> = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
];

/** The Monthly/Annual toggle with its badge (the page's 'Save 17% • 14-day free trial', the modal's 'Save up to 20%'). */
export function BillingToggle({ value, onChange, badge }: { value: BillingPeriod; onChange: (value: BillingPeriod) => void; badge: string }) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <div role="group" aria-label="Billing period" className="inline-flex rounded-lg border bg-muted p-1">
        {OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={value === option.value}
            onClick={() => onChange(option.value)}
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
              value === option.value && 'bg-card text-foreground shadow-sm',
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
      <Badge variant="success">{badge}</Badge>
    </div>
  );
}
