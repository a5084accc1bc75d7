import type { AdminCompany } from '@hireloop/contracts';
import { PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useAdminCompanies } from '../api/admin-people';
import { formatDay } from '../lib/admin-display';
import { AddCompanyDialog } from './add-company-dialog';
import { ManageCompanyDialog } from './manage-company-dialog';
import { AdminListFooter, AdminListToolbar, ListStates, useAdminListParams } from './table-controls';

/** The Companies tab (part 2 "Admin panel"): search on the company name, table, Add Company, Manage. */
export function CompaniesTab({ search, onSearchChange }: { search: string; onSearchChange: (search: string) => void }) {
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<AdminCompany | null>(null);
  const controls = useAdminListParams(search, onSearchChange);
  const list = useAdminCompanies(controls.params);
  const answer = list.data;

  const rows = answer?.companies ?? [];
  return (
    <section aria-labelledby="admin-companies-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="admin-companies-heading" className="text-xl font-semibold">
          Companies
        </h2>
        <Button onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden="true" />
          Add Company
        </Button>
      </div>
      <AdminListToolbar list={controls} label="Search companies" placeholder="Search by company name" />
      <ListStates noun="companies" query={list} empty={rows.length === 0 ? (search ? 'No companies match your search.' : 'No companies yet.') : null}>
        <div className="relative overflow-x-auto rounded-md border">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Companies</caption>
            <thead className="bg-muted/50 text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Company
                </th>
                <th scope="col" className="px-3 py-2">
                  Website
                </th>
                <th scope="col" className="px-3 py-2">
                  Location
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Added
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((company) => (
                <tr key={company.id} className="border-t align-top">
                  <td className="px-3 py-3">
                    <div className="font-medium">{company.name}</div>
                    {company.description ? <div className="line-clamp-2 text-muted-foreground">{company.description}</div> : null}
                  </td>
                  <td className="px-3 py-3">
                    {company.website ? (
                      <a href={company.website} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
                        {company.website.replace(/^https?:\/\//, '')}
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                  <td className="px-3 py-3">{company.location || '—'}</td>
                  <td className="px-3 py-3">
                    <Badge variant={company.verified ? 'success' : 'outline'}>{company.verified ? 'Verified' : 'Pending'}</Badge>
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap">{formatDay(company.createdAt)}</td>
                  <td className="px-3 py-3 text-right">
                    {/* Part 2 showed a Manage that did nothing; it opens the company's fields (ADR 064). */}
                    <Button size="sm" variant="outline" type="button" aria-haspopup="dialog" onClick={() => setManaging(company)}>
                      Manage
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListStates>
      <AdminListFooter answer={answer} noun="companies" onPageChange={controls.setPage} disabled={list.isPlaceholderData} />
      <AddCompanyDialog open={adding} onOpenChange={setAdding} />
      <ManageCompanyDialog company={managing} onClose={() => setManaging(null)} />
    </section>
  );
}
