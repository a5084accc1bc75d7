import { ADMIN_EXPERIENCE_LEVELS } from '@hireloop/contracts';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormCheckbox, FormField } from '../../../components/ui/form-field';
import { Input, inputClassName, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';

/** What the admin's Add Candidate and Manage Candidate forms both hold (each with its contract's resolver, ADR 056). */
export interface CandidateFieldValues {
  firstName: string;
  lastName: string;
  phone: string;
  location: string;
  title: string;
  summary: string;
  experience: string;
  skills: string;
  isPrivate: boolean;
}

/**
 * A candidate's fields in the admin panel, inside the form's `FormProvider`: Add Candidate and
 * Manage Candidate (ADR 064) draw the same fields with the same labels and hints. The email is
 * given by Add only (in Manage it is shown, not edited: it is the person's sign-in). An experience
 * that is none of the panel's choices (from a profile the person wrote) is kept as a choice of its own.
 */
export function CandidateFields({ email }: { email?: ReactNode }) {
  const { control } = useFormContext<CandidateFieldValues>();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={control} name="firstName" label="First Name" required>
          {(field) => <Input {...field} autoComplete="off" />}
        </FormField>
        <FormField control={control} name="lastName" label="Last Name" required>
          {(field) => <Input {...field} autoComplete="off" />}
        </FormField>
        {email}
        <FormField control={control} name="phone" label="Phone">
          {(field) => <Input {...field} type="tel" />}
        </FormField>
        <FormField control={control} name="title" label="Title">
          {(field) => <Input {...field} placeholder="e.g. Backend Engineer" />}
        </FormField>
        <FormField control={control} name="location" label="Location">
          {(field) => <Input {...field} />}
        </FormField>
        <FormField control={control} name="experience" label="Experience">
          {(field) => (
            <select {...field} className={cn(inputClassName, 'h-10')}>
              <option value="">Not specified</option>
              {ADMIN_EXPERIENCE_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level} years
                </option>
              ))}
              {field.value && !(ADMIN_EXPERIENCE_LEVELS as readonly string[]).includes(field.value) ? <option value={field.value}>{field.value}</option> : null}
            </select>
          )}
        </FormField>
        <FormField control={control} name="skills" label="Skills" hint="Separate skills with commas.">
          {(field) => <Input {...field} placeholder="React, TypeScript" />}
        </FormField>
      </div>
      <FormField control={control} name="summary" label="Summary">
        {(field) => <Textarea {...field} rows={3} />}
      </FormField>
      <FormCheckbox control={control} name="isPrivate" label="Private profile" />
    </>
  );
}
