import type { AdminCandidate, User } from '@hireloop/contracts';
import { ADMIN_MESSAGES } from '@hireloop/contracts';
import { MailPlusIcon, PlusIcon, ShieldPlusIcon, XIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useAdminCandidates } from '../api/admin-people';
import { fullName, rowSkills } from '../lib/admin-display';
import { AddCandidateDialog } from './add-candidate-dialog';
import { BulkInviteDialog } from './bulk-invite-dialog';
import { InviteDialog } from './invite-dialog';
import { MakeAdminDialog } from './make-admin-dialog';
import { ManageCandidateDialog } from './manage-candidate-dialog';
import { AdminListFooter, AdminListToolbar, ListStates, useAdminListParams } from './table-controls';

interface CandidatesTabProps {
  user: User;
  search: string;
  onSearchChange: (search: string) => void;
}

/** The Candidates tab (part 2 "Admin panel"): search, page size, bulk-selection bar, table, pagination, dialogs. */
export function CandidatesTab({ user, search, onSearchChange }: CandidatesTabProps) {
  // Selected rows by profile id, kept across pages (the candidates themselves, for the confirm steps).
  const [selected, setSelected] = useState<Map<string, AdminCandidate>>(new Map());
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState<AdminCandidate | null>(null);
  const [managing, setManaging] = useState<AdminCandidate | null>(null);
  const [bulkInviting, setBulkInviting] = useState(false);
  const [promoting, setPromoting] = useState<AdminCandidate[] | null>(null);
  const controls = useAdminListParams(search, onSearchChange);
  const list = useAdminCandidates(controls.params);
  const answer = list.data;

  const rows = useMemo(() => answer?.candidates ?? [], [answer]);
  const allOnPageSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  const toggle = (candidate: AdminCandidate) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(candidate.id)) next.delete(candidate.id);
      else next.set(candidate.id, candidate);
      return next;
    });
  const togglePage = () =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (allOnPageSelected) next.delete(row.id);
        else next.set(row.id, row);
      }
      return next;
    });

  const startBulkInvite = () => {
    if (selected.size === 0) {
      toast({ title: ADMIN_MESSAGES.selectionRequired, description: 'Please select at least one candidate and a job.', variant: 'destructive' });
      return;
    }
    setBulkInviting(true);
  };

  // Part 2 §5 and §6: super admins only; then only candidates with an account can become admins.
  const startMakeAdmin = () => {
    if (user.role !== 'super_admin') {
      toast({ title: ADMIN_MESSAGES.accessDeniedTitle, description: ADMIN_MESSAGES.accessDeniedText, variant: 'destructive' });
      return;
    }
    const withAccount = [...selected.values()].filter((candidate) => candidate.userId);
    if (withAccount.length === 0) {
      toast({
        title: ADMIN_MESSAGES.noValidSelections,
        description: 'Select at least one candidate who has a user account.',
        variant: 'destructive',
      });
      return;
    }
    setPromoting([...selected.values()]);
  };

  return (
    <section aria-labelledby="admin-candidates-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-candidates-heading" className="text-xl font-semibold">
          Candidates
        </h2>
        <Button onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden="true" />
          Add Candidate
        </Button>
      </div>
      <AdminListToolbar list={controls} label="Search candidates" placeholder="Search by name or email" />

      <div role="region" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/50 px-3 py-2">
        <span className="text-sm font-medium" aria-live="polite">
          {selected.size} selected
        </span>
        <Button size="sm" variant="outline" onClick={startBulkInvite}>
          <MailPlusIcon aria-hidden="true" />
          Bulk Invite
        </Button>
        {/* Part 2 §6: super admins only see Make Admin. */}
        {user.role === 'super_admin' ? (
          <Button size="sm" variant="outline" onClick={startMakeAdmin}>
            <ShieldPlusIcon aria-hidden="true" />
            Make Admin
          </Button>
        ) : null}
        {selected.size > 0 ? (
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())}>
            <XIcon aria-hidden="true" />
            Clear Selection
          </Button>
        ) : null}
      </div>

      <ListStates noun="candidates" query={list} empty={rows.length === 0 ? (search ? 'No candidates match your search.' : 'No candidates yet.') : null}>
        <div className="relative overflow-x-auto rounded-md border">
          <table className="w-full min-w-[52rem] text-left text-sm">
            <caption className="sr-only">Candidates</caption>
            <thead className="bg-muted/50 text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="w-10 px-3 py-2">
                  <input type="checkbox" aria-label="Select all on this page" className="size-4 accent-primary" checked={allOnPageSelected} onChange={togglePage} />
                </th>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  Title
                </th>
                <th scope="col" className="px-3 py-2">
                  Location
                </th>
                <th scope="col" className="px-3 py-2">
                  Skills
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((candidate) => (
                <CandidateRow
                  key={candidate.id}
                  candidate={candidate}
                  selected={selected.has(candidate.id)}
                  onToggle={() => toggle(candidate)}
                  onInvite={() => setInviting(candidate)}
                  onManage={() => setManaging(candidate)}
                />
              ))}
            </tbody>
          </table>
        </div>
      </ListStates>
      <AdminListFooter answer={answer} noun="candidates" onPageChange={controls.setPage} disabled={list.isPlaceholderData} />

      <AddCandidateDialog open={adding} onOpenChange={setAdding} />
      <InviteDialog candidate={inviting} onClose={() => setInviting(null)} />
      <ManageCandidateDialog candidate={managing} onClose={() => setManaging(null)} />
      <BulkInviteDialog
        open={bulkInviting}
        candidates={[...selected.values()]}
        onOpenChange={setBulkInviting}
        onDone={() => setSelected(new Map())}
      />
      <MakeAdminDialog candidates={promoting} onClose={() => setPromoting(null)} onDone={() => setSelected(new Map())} />
    </section>
  );
}

function CandidateRow({
  candidate,
  selected,
  onToggle,
  onInvite,
  onManage,
}: {
  candidate: AdminCandidate;
  selected: boolean;
  onToggle: () => void;
  onInvite: () => void;
  onManage: () => void;
}) {
  const name = fullName(candidate);
  const { shown, more } = rowSkills(candidate.skills);
  return (
    <tr className="border-t align-top" aria-selected={selected}>
      <td className="px-3 py-3">
        <input type="checkbox" aria-label={`Select ${name}`} className="size-4 accent-primary" checked={selected} onChange={onToggle} />
      </td>
      <td className="px-3 py-3">
        <div className="font-medium">{name}</div>
        <div className="text-muted-foreground">{candidate.email}</div>
      </td>
      <td className="px-3 py-3">{candidate.title || '—'}</td>
      <td className="px-3 py-3">{candidate.location || '—'}</td>
      <td className="px-3 py-3">
        <ul aria-label={`Skills of ${name}`} className="flex flex-wrap gap-1">
          {shown.map((skill) => (
            <li key={skill}>
              <Badge variant="outline">{skill}</Badge>
            </li>
          ))}
          {more > 0 ? (
            <li>
              <Badge variant="secondary">+{more}</Badge>
            </li>
          ) : null}
        </ul>
      </td>
      <td className="px-3 py-3">
        <div className="flex flex-wrap gap-1">
          <Badge variant={candidate.verified ? 'success' : 'outline'}>{candidate.verified ? 'Verified' : 'Unverified'}</Badge>
          <Badge variant={candidate.isPrivate ? 'secondary' : 'outline'}>{candidate.isPrivate ? 'Private' : 'Public'}</Badge>
        </div>
      </td>
      <td className="px-3 py-3 text-right">
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="outline" aria-haspopup="dialog" aria-label={`Manage ${name}`} onClick={onManage}>
            Manage
          </Button>
          <Button size="sm" variant="outline" onClick={onInvite}>
            Invite to Apply
          </Button>
        </div>
      </td>
    </tr>
  );
}
