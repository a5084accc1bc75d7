import { EXPERIENCE_LEVELS } from '@hireloop/contracts';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormCheckbox, FormField } from '../../../components/ui/form-field';
import { Input, inputClassName, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';

/** What the admin's Create Job and Edit Job forms both hold (each with its contract's resolver, ADR 056). */
export interface JobFieldValues {
  title: string;
  company: string;
  location: string;
  salary: string;
  type: string;
  remote: boolean;
  experience: (typeof EXPERIENCE_LEVELS)[number];
  description: string;
  requirements: string;
  skills: string;
  benefits: string;
}

/**
 * A job's fields in the admin panel, inside the form's `FormProvider`: Create Job and Edit Job
 * (ADR 064) draw the same fields with the same labels and hints. What differs is given: the job
 * types the route takes, the Company Account picker (Create only: an edited job stays with its
 * account) and the benefits' hint (a list in Create, one line of text in Edit).
 */
export function JobFields({ types, companyAccount, benefitsHint }: { types: readonly string[]; companyAccount?: ReactNode; benefitsHint?: string }) {
  const { control } = useFormContext<JobFieldValues>();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={control} name="title" label="Job Title" required>
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="location" label="Location" required>
          {(field) => <Input {...field} />}
        </FormField>
        {companyAccount}
        <FormField control={control} name="company" label="Company Name">
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="salary" label="Salary">
          {(field) => <Input {...field} placeholder="e.g. $120k - $150k" />}
        </FormField>
        <FormField control={control} name="type" label="Job Type">
          {(field) => (
            <select {...field} className={cn(inputClassName, 'h-10')}>
              {types.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField control={control} name="experience" label="Experience Level">
          {(field) => (
            <select {...field} className={cn(inputClassName, 'h-10')}>
              {EXPERIENCE_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="flex items-end pb-2">
          <FormCheckbox control={control} name="remote" label="Remote" />
        </div>
      </div>
      <FormField control={control} name="description" label="Description" required>
        {(field) => <Textarea {...field} rows={5} />}
      </FormField>
      <FormField control={control} name="requirements" label="Requirements" hint="One requirement per line.">
        {(field) => <Textarea {...field} rows={4} />}
      </FormField>
      <FormField control={control} name="skills" label="Skills" hint="Separate skills with commas.">
        {(field) => <Input {...field} />}
      </FormField>
      <FormField control={control} name="benefits" label="Benefits" hint={benefitsHint}>
        {(field) => <Input {...field} />}
      </FormField>
    </>
  );
}
