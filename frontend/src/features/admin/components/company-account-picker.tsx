import type { AdminCompany } from '@hireloop/contracts';
import { useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { inputClassName } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useDebouncedText } from '../../../lib/use-debounced-text';
import { cn } from '../../../lib/utils';
import { useAdminCompanies } from '../api/admin-people';

/** How many companies the picker lists for one search (the server's page, by name). */
export const COMPANY_PICKER_PAGE_SIZE = 25;

interface Values {
  companyId: string;
  company: string;
}

/**
 * The company account a job created in Job Management belongs to: searched on the server by name
 * (`GET /api/admin/companies?search=`), so every company can be found however many there are; the
 * list shows the first 25 matches by name and says when there are more to narrow down. The account
 * chosen stays chosen while the admin searches again, and choosing one fills in the company's name
 * (still editable).
 */
export function CompanyAccountPicker() {
  const form = useFormContext<Values>();
  const [search, setSearch] = useState('');
  const { text, setText, flush } = useDebouncedText(search, setSearch);
  const companies = useAdminCompanies({ search, page: 1, pageSize: COMPANY_PICKER_PAGE_SIZE, sort: 'name' });
  const [chosen, setChosen] = useState<AdminCompany | null>(null);
  const companyId = useWatch({ control: form.control, name: 'companyId' });
  const searchId = useId();
  const listed = companies.data?.companies ?? [];
  // The chosen account stays an option when a later search does not list it.
  const options = chosen && chosen.id === companyId && !listed.some((company) => company.id === chosen.id) ? [chosen, ...listed] : listed;
  const total = companies.data?.total ?? 0;
  return (
    <div className="grid gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>Search companies</Label>
        <input
          id={searchId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches now; it must not submit the job form.
            if (event.key === 'Enter') {
              event.preventDefault();
              flush();
            }
          }}
          placeholder="Company name"
          className={inputClassName}
        />
      </div>
      <FormField
        control={form.control}
        name="companyId"
        label="Company Account"
        hint={
          companies.isError
            ? 'Could not load companies.'
            : companies.isSuccess && total > listed.length
              ? `Showing ${listed.length} of ${total} companies: search to find others.`
              : companies.isSuccess && total === 0 && search
                ? 'No companies match your search.'
                : undefined
        }
      >
        {({ onChange, ...field }) => (
          <select
            {...field}
            onChange={(event) => {
              const id = event.target.value;
              onChange(id);
              const company = options.find((entry) => entry.id === id) ?? null;
              setChosen(company);
              if (company) form.setValue('company', company.name);
            }}
            className={cn(inputClassName, 'h-10')}
          >
            <option value="">{companies.isPending ? 'Loading companies...' : 'None'}</option>
            {options.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}
