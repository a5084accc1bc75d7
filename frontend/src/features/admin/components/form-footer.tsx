import { Button } from '../../../components/ui/button';
import { DialogFooter } from '../../../components/ui/dialog';

/**
 * The footer of an admin form dialog: Cancel, then the submit button, both held while the request
 * is on its way, the submit button saying so (`Creating...`, `Saving...`). `incomplete` holds the
 * submit button until the required fields are filled.
 */
export function FormFooter({
  onCancel,
  pending,
  submitLabel,
  pendingLabel,
  incomplete = false,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  incomplete?: boolean;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={incomplete || pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
