import { ADMIN_JOB_TYPES, ADMIN_MESSAGES, EXPERIENCE_LEVELS, type AdminCreateJobBody } from '@hireloop/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { useCreateAdminJob } from '../api/admin-jobs';
import { useAdminCompanies } from '../api/admin-people';
import { failureToast, splitComma, splitLines } from '../lib/admin-display';
import { CheckboxField, SelectField, TextField } from './form-parts';

const EMPTY = {
  title: '',
  company: '',
  companyId: '',
  location: '',
  salary: '',
  type: 'Full-time' as (typeof ADMIN_JOB_TYPES)[number],
  remote: false,
  experience: 'Entry level' as (typeof EXPERIENCE_LEVELS)[number],
  description: '',
  requirements: '',
  skills: '',
  benefits: '',
};
type Values = typeof EMPTY;

/**
 * The body of `POST /api/admin/jobs` from the form (part 2 §5 "Create Job (admin)"): companyId a
 * number when it is one, else the id as given, or null; skills and benefits comma-split and
 * trimmed; requirements one per line, blank lines dropped.
 */
export function adminJobBody(values: Values): AdminCreateJobBody {
  const companyId = values.companyId.trim();
  return {
    title: values.title.trim(),
    company: values.company.trim() || null,
    companyId: companyId === '' ? null : /^\d+$/.test(companyId) ? Number(companyId) : companyId,
    description: values.description.trim(),
    location: values.location.trim(),
    salary: values.salary.trim() || null,
    type: values.type,
    remote: values.remote,
    experience: values.experience,
    skills: splitComma(values.skills),
    requirements: splitLines(values.requirements),
    benefits: splitComma(values.benefits),
  };
}

export function CreateJobDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create Job</DialogTitle>
          <DialogDescription>Title, description and location are required.</DialogDescription>
        </DialogHeader>
        {open ? <CreateJobForm onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateJobForm({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const create = useCreateAdminJob();
  // The company account the job belongs to: picked from the companies (the first 100 by name).
  const companies = useAdminCompanies({ search: '', page: 1, pageSize: 100 });
  const set = <K extends keyof Values>(name: K) => (value: Values[K]) => setValues((current) => ({ ...current, [name]: value }));
  const complete = values.title.trim() !== '' && values.description.trim() !== '' && values.location.trim() !== '';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    create.mutate(adminJobBody(values), {
      onSuccess: () => {
        toast({ title: 'Job created successfully', variant: 'success' });
        onClose();
      },
      onError: (error) => failureToast(ADMIN_MESSAGES.createJobFailed, error),
    });
  };

  const chooseCompany = (companyId: string) => {
    const company = companies.data?.companies.find((entry) => entry.id === companyId);
    setValues((current) => ({ ...current, companyId, company: company ? company.name : current.company }));
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Job Title" required value={values.title} onChange={set('title')} />
        <TextField label="Location" required value={values.location} onChange={set('location')} />
        <SelectField label="Company Account" value={values.companyId} onChange={chooseCompany}>
          <option value="">None</option>
          {(companies.data?.companies ?? []).map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Company Name" value={values.company} onChange={set('company')} />
        <TextField label="Salary" value={values.salary} onChange={set('salary')} placeholder="e.g. $120k - $150k" />
        <SelectField label="Job Type" value={values.type} onChange={(value) => set('type')(value as Values['type'])}>
          {ADMIN_JOB_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <SelectField label="Experience Level" value={values.experience} onChange={(value) => set('experience')(value as Values['experience'])}>
          {EXPERIENCE_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level}
            </option>
          ))}
        </SelectField>
        <div className="flex items-end pb-2">
          <CheckboxField label="Remote" checked={values.remote} onChange={set('remote')} />
        </div>
      </div>
      <TextField label="Description" required multiline rows={5} value={values.description} onChange={set('description')} />
      <TextField label="Requirements" multiline rows={4} value={values.requirements} onChange={set('requirements')} hint="One requirement per line." />
      <TextField label="Skills" value={values.skills} onChange={set('skills')} hint="Separate skills with commas." />
      <TextField label="Benefits" value={values.benefits} onChange={set('benefits')} hint="Separate benefits with commas." />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!complete || create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Job'}
        </Button>
      </DialogFooter>
    </form>
  );
}
