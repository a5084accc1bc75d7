import { AvailabilityBody, INTERVIEW_DAYS, INTERVIEW_TIME_SLOTS, INVITATION_MESSAGES, type InterviewDay, type InterviewTimeSlot, type OfferedAvailability } from '@hireloop/contracts';
import { useSelector } from '@xstate/react';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { contractResolver } from '../../../lib/forms';
import { hasOfferedTimes, invitationStep, type invitationMachine } from '../machines/invitation-machine';

/** What the candidate picks (part 1 §3 "Availability payload"), as the form holds it. */
interface AvailabilityValues {
  availableDays: InterviewDay[];
  availableTimes: InterviewTimeSlot[];
  timezone: string;
  additionalNotes: string;
}

/** What the dialog asks before any choice is made. */
export const AVAILABILITY_HINT = 'Choose at least one day and one time slot.';

/** The browser's time zone, the dialog's default. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Ticks or unticks one choice, keeping the week's (or the day's) order. */
const toggled = <T,>(values: readonly T[], value: T, order: readonly T[]): T[] =>
  values.includes(value) ? values.filter((v) => v !== value) : order.filter((v) => v === value || values.includes(v));

/** The IANA zones the browser knows, for the time zone field's suggestions. */
function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/**
 * The availability dialog (part 1 §2, §5): Monday–Friday × three time slots, a time zone and
 * notes. Submit stays disabled until a day and a slot are chosen, and the dialog says why. The
 * choices are the form's (checked by the contract's `AvailabilityBody`), kept while the dialog is
 * closed; the flow's machine gets them parsed with its submit.
 */
/** The form's first values: the times already offered when the candidate changes them (ADR 118), else none yet. */
function startingValues(offered: OfferedAvailability | null): AvailabilityValues {
  if (!offered) return { availableDays: [], availableTimes: [], timezone: browserTimeZone(), additionalNotes: '' };
  return {
    availableDays: INTERVIEW_DAYS.filter((day) => offered.availableDays.includes(day)),
    availableTimes: INTERVIEW_TIME_SLOTS.filter((slot) => offered.availableTimes.includes(slot)),
    timezone: offered.timezone,
    additionalNotes: offered.additionalNotes,
  };
}

export function AvailabilityDialog({
  actorRef,
  companyName,
  offered,
}: {
  actorRef: ActorRefFrom<typeof invitationMachine>;
  companyName: string;
  /** The times offered so far (null before the first answer). */
  offered: OfferedAvailability | null;
}) {
  const id = useId();
  const step = useSelector(actorRef, invitationStep);
  const changing = useSelector(actorRef, hasOfferedTimes);
  const zones = useMemo(() => timeZones(), []);
  const open = step === 'choosing' || step === 'submitting';
  const submitting = step === 'submitting';
  const form = useForm<AvailabilityValues, unknown, AvailabilityBody>({
    resolver: contractResolver(AvailabilityBody),
    defaultValues: startingValues(offered),
  });
  const { control } = form;
  const [days, times] = useWatch({ control, name: ['availableDays', 'availableTimes'] });
  // At least one day and one time slot (part 1 §5); until then submit is disabled.
  const ready = days.length > 0 && times.length > 0;
  // "Selection Required" answers a choice left incomplete, not a dialog just opened (issue 24):
  // until the candidate ticks something, a plain hint says what to do.
  const [choiceMade, setChoiceMade] = useState(false);
  const refuse = (errors: FieldErrors<AvailabilityValues>) => {
    if (errors.availableDays || errors.availableTimes) actorRef.send({ type: 'availability.incomplete' });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !submitting && actorRef.send({ type: 'availability.close' })}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Interview Availability</DialogTitle>
          <DialogDescription>
            When could you talk with {companyName}? Pick the days and times that suit you; they receive them as a calendar request.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          aria-label="Interview availability"
          onSubmit={form.handleSubmit((body) => actorRef.send({ type: 'availability.submit', body }), refuse)}
        >
          <Controller
            control={control}
            name="availableDays"
            render={({ field: { value, onChange } }) => (
              <ChoiceGroup
                legend="Available days"
                choices={INTERVIEW_DAYS}
                value={value}
                onChange={(next) => {
                  setChoiceMade(true);
                  onChange(next);
                }}
                disabled={submitting} className="flex flex-wrap gap-x-4 gap-y-2" />
            )}
          />
          <Controller
            control={control}
            name="availableTimes"
            render={({ field: { value, onChange } }) => (
              <ChoiceGroup
                legend="Time slots"
                choices={INTERVIEW_TIME_SLOTS}
                value={value}
                onChange={(next) => {
                  setChoiceMade(true);
                  onChange(next);
                }}
                disabled={submitting} className="grid gap-2" />
            )}
          />
          <FormField control={control} name="timezone" label="Timezone">
            {(field) => <Input {...field} list={`${id}-zones`} maxLength={64} autoComplete="off" disabled={submitting} />}
          </FormField>
          <datalist id={`${id}-zones`}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <FormField control={control} name="additionalNotes" label="Additional notes">
            {(field) => (
              <Textarea
                {...field}
                rows={3}
                maxLength={2000}
                placeholder="Anything the company should know about your availability"
                disabled={submitting}
              />
            )}
          </FormField>
          {ready ? null : choiceMade ? (
            <Alert>
              <AlertTitle>{INVITATION_MESSAGES.selectionRequiredTitle}</AlertTitle>
              <AlertDescription>{INVITATION_MESSAGES.selectionRequired}</AlertDescription>
            </Alert>
          ) : (
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              {AVAILABILITY_HINT}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={submitting} onClick={() => actorRef.send({ type: 'availability.close' })}>
              Later
            </Button>
            <Button type="submit" disabled={!ready || submitting} aria-describedby={!ready && !choiceMade ? `${id}-hint` : undefined}>
              {submitting ? 'Submitting…' : changing ? INVITATION_MESSAGES.updateAvailability : 'Submit Availability'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Checkboxes for a list of choices, kept in the list's order. */
function ChoiceGroup<Choice extends string>({
  legend,
  choices,
  value,
  onChange,
  disabled,
  className,
}: {
  legend: string;
  choices: readonly Choice[];
  value: readonly Choice[];
  onChange: (next: Choice[]) => void;
  disabled: boolean;
  className: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className={className}>
        {choices.map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 rounded border-input accent-primary"
              checked={value.includes(choice)}
              disabled={disabled}
              onChange={() => onChange(toggled(value, choice, choices))}
            />
            {choice}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
