import { INTERVIEW_DAYS, INTERVIEW_TIME_SLOTS, INVITATION_MESSAGES } from '@hireloop/contracts';
import { useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
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
import { Input, Textarea } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { hasSelection, invitationStep, type invitationMachine } from '../machines/invitation-machine';

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
 * notes. Submit stays disabled until a day and a slot are chosen, and the dialog says why.
 */
export function AvailabilityDialog({ actorRef, companyName }: { actorRef: ActorRefFrom<typeof invitationMachine>; companyName: string }) {
  const id = useId();
  const step = useSelector(actorRef, invitationStep);
  const selection = useSelector(actorRef, (snapshot) => snapshot.context.selection);
  const zones = useMemo(() => timeZones(), []);
  const open = step === 'choosing' || step === 'submitting';
  const submitting = step === 'submitting';
  const ready = hasSelection(selection);

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
          onSubmit={(event) => {
            event.preventDefault();
            actorRef.send({ type: 'availability.submit' });
          }}
        >
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Available days</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {INTERVIEW_DAYS.map((day) => (
                <label key={day} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-input accent-primary"
                    checked={selection.availableDays.includes(day)}
                    disabled={submitting}
                    onChange={() => actorRef.send({ type: 'availability.toggleDay', day })}
                  />
                  {day}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Time slots</legend>
            <div className="grid gap-2">
              {INTERVIEW_TIME_SLOTS.map((time) => (
                <label key={time} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-input accent-primary"
                    checked={selection.availableTimes.includes(time)}
                    disabled={submitting}
                    onChange={() => actorRef.send({ type: 'availability.toggleTime', time })}
                  />
                  {time}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-timezone`}>Timezone</Label>
            <Input
              id={`${id}-timezone`}
              list={`${id}-zones`}
              value={selection.timezone}
              maxLength={64}
              autoComplete="off"
              disabled={submitting}
              onChange={(event) => actorRef.send({ type: 'availability.setTimezone', timezone: event.target.value })}
            />
            <datalist id={`${id}-zones`}>
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-notes`}>Additional notes</Label>
            <Textarea
              id={`${id}-notes`}
              rows={3}
              maxLength={2000}
              placeholder="Anything the company should know about your availability"
              value={selection.additionalNotes}
              disabled={submitting}
              onChange={(event) => actorRef.send({ type: 'availability.setNotes', notes: event.target.value })}
            />
          </div>
          {ready ? null : (
            <Alert>
              <AlertTitle>{INVITATION_MESSAGES.selectionRequiredTitle}</AlertTitle>
              <AlertDescription>{INVITATION_MESSAGES.selectionRequired}</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={submitting} onClick={() => actorRef.send({ type: 'availability.close' })}>
              Later
            </Button>
            <Button type="submit" disabled={!ready || submitting}>
              {submitting ? 'Submitting…' : 'Submit Availability'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
