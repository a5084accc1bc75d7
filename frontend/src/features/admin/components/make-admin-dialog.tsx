import type { AdminCandidate } from '@hireloop/contracts';
import { ADMIN_MESSAGES } from '@hireloop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { adminActivitiesKey } from '../api/admin-activities';
import { useMakeAdmins } from '../api/change-role';
import { failureToast, fullName } from '../lib/admin-display';

/**
 * Make Admin's confirm step (part 2 §4 "Admin role change", §5): says who becomes an admin and who
 * is skipped for having no account, then calls `PATCH /api/admin/users/role` once per account.
 */
export function MakeAdminDialog({ candidates, onClose, onDone }: { candidates: AdminCandidate[] | null; onClose: () => void; onDone: () => void }) {
  const promote = useMakeAdmins();
  const queryClient = useQueryClient();
  const withAccount = (candidates ?? []).filter((candidate) => candidate.userId);
  const skipped = (candidates?.length ?? 0) - withAccount.length;

  const confirm = () =>
    promote.mutate(
      withAccount.map((candidate) => candidate.userId as string),
      {
        onSuccess: () => {
          toast({ title: 'User role updated successfully', variant: 'success' });
          onDone();
          onClose();
        },
        onError: (error) => failureToast(ADMIN_MESSAGES.roleUpdateFailed, error),
        onSettled: () => void queryClient.invalidateQueries({ queryKey: adminActivitiesKey }),
      },
    );

  return (
    <Dialog open={candidates !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Make Admin</DialogTitle>
          <DialogDescription>
            {withAccount.length} user{withAccount.length === 1 ? '' : 's'} will be given the admin role.
          </DialogDescription>
        </DialogHeader>
        <ul aria-label="Users to make admin" className="max-h-40 list-disc overflow-y-auto pl-5 text-sm">
          {withAccount.map((candidate) => (
            <li key={candidate.id}>
              {fullName(candidate)} <span className="text-muted-foreground">({candidate.email})</span>
            </li>
          ))}
        </ul>
        {skipped > 0 ? (
          <p className="text-sm text-muted-foreground">
            {skipped} selected candidate{skipped === 1 ? ' has' : 's have'} no user account and will be skipped.
          </p>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={promote.isPending}>
            Cancel
          </Button>
          <Button type="button" onClick={confirm} disabled={promote.isPending || withAccount.length === 0}>
            {promote.isPending ? 'Updating...' : `Make ${withAccount.length} Admin${withAccount.length === 1 ? '' : 's'}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
