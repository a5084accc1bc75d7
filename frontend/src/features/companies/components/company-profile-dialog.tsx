import { COMPANY_SIZES, CompanyProfileBody, type CompanyProfile, type CompanySize } from '@hireloop/contracts';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea, inputClassName } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { displayError } from '../../../lib/api-client';
import { contractResolver, fieldIssuesOf, showFieldIssues } from '../../../lib/forms';
import { useSubmitOnce } from '../../../lib/submit-once';
import { cn } from '../../../lib/utils';
import { useCompanyProfile, useUpdateCompanyProfile } from '../api/company-profile';

export const COMPANY_PROFILE_TEXTS = {
  title: 'Company Profile',
  description: 'Set up how your company appears to candidates on your job pages.',
  saved: 'Company Profile Updated',
  savedDescription: 'Candidates now see your company’s details on your job pages.',
  saveFailed: 'Error Saving Company Profile',
  loadFailed: 'Your company profile could not be loaded. Please try again.',
  preferencesNotSaved: 'These preferences are not saved yet: notification settings arrive in a later release.',
} as const;

type CompanyProfileFormValues = Omit<CompanyProfileBody, 'size'> & {
  size: CompanySize | '';
};
const FIELDS = ['name', 'website', 'address', 'industry', 'size', 'description'] as const;

const isCompanySize = (value: string): value is CompanySize => (COMPANY_SIZES as readonly string[]).includes(value);
const formValues = (profile: CompanyProfile): CompanyProfileFormValues => ({
  name: profile.name,
  website: profile.website,
  address: profile.address,
  industry: profile.industry,
  size: isCompanySize(profile.size) ? profile.size : '',
  description: profile.description,
});

interface CompanyProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a save (the page refreshes what shows the company's name). */
  onSaved?: () => void;
  /** The Billing & Plan tab's content: the company's plan, from the subscriptions feature (ADR 063). */
  billing?: ReactNode;
}

/** The company profile setup modal (spec part 2, Dashboard; ADR 028): saving records the profile. */
export function CompanyProfileDialog({ open, onOpenChange, onSaved, billing }: CompanyProfileDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{COMPANY_PROFILE_TEXTS.title}</DialogTitle>
          <DialogDescription>{COMPANY_PROFILE_TEXTS.description}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: every opening starts from the profile as saved. */}
        {open ? (
          <Tabs defaultValue="info" className="grid gap-4">
            <TabsList>
              <TabsTrigger value="info">Company Info</TabsTrigger>
              <TabsTrigger value="billing">Billing &amp; Plan</TabsTrigger>
              <TabsTrigger value="settings">Account Settings</TabsTrigger>
            </TabsList>
            <TabsContent value="info">
              <CompanyInfo
                onSaved={() => {
                  onSaved?.();
                  onOpenChange(false);
                }}
                onCancel={() => onOpenChange(false)}
              />
            </TabsContent>
            <TabsContent value="billing">
              {billing ?? <BillingAndPlan />}
            </TabsContent>
            <TabsContent value="settings">
              <AccountSettings />
            </TabsContent>
          </Tabs>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CompanyInfo({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
  const profile = useCompanyProfile();
  if (profile.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading your company profile…
      </p>
    );
  }
  if (profile.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {displayError(profile.error, COMPANY_PROFILE_TEXTS.loadFailed)}
      </p>
    );
  }
  return <CompanyInfoForm profile={profile.data} onSaved={onSaved} onCancel={onCancel} />;
}

function CompanyInfoForm({ profile, onSaved, onCancel }: { profile: CompanyProfile; onSaved: () => void; onCancel: () => void }) {
  const form = useForm<CompanyProfileFormValues, unknown, CompanyProfileBody>({
    // The contract's schema: the same rules and words as the server's.
    resolver: contractResolver(CompanyProfileBody),
    defaultValues: formValues(profile),
  });
  const { control } = form;
  const update = useUpdateCompanyProfile();

  const submitOnce = useSubmitOnce();
  // The mutation's promise, settled when the request is done (a refusal is told by the toast).
  const save = (body: CompanyProfileBody) =>
    update
      .mutateAsync(body, {
        onSuccess: () => {
          toast({
            title: COMPANY_PROFILE_TEXTS.saved,
            description: COMPANY_PROFILE_TEXTS.savedDescription,
            variant: 'success',
          });
          onSaved();
        },
        onError: (error) => {
          showFieldIssues(form.setError, fieldIssuesOf(error), FIELDS);
          toast({
            title: COMPANY_PROFILE_TEXTS.saveFailed,
            description: displayError(error, 'Please try again.'),
            variant: 'destructive',
          });
        },
      })
      .catch(() => undefined);

  return (
    <form className="grid gap-4" onSubmit={submitOnce(form.handleSubmit(save))} noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={control} name="name" label="Company Name" required>
          {(field) => <Input {...field} autoComplete="organization" />}
        </FormField>
        <FormField control={control} name="website" label="Website" hint="For example https://example.com">
          {(field) => <Input {...field} type="url" autoComplete="url" />}
        </FormField>
        <FormField control={control} name="address" label="Address">
          {(field) => <Input {...field} autoComplete="street-address" />}
        </FormField>
        <FormField control={control} name="industry" label="Industry">
          {(field) => <Input {...field} placeholder="e.g. Healthcare" />}
        </FormField>
        <FormField control={control} name="size" label="Company Size">
          {(field) => (
            <select {...field} className={cn(inputClassName, 'h-10')}>
              <option value="">Not specified</option>
              {COMPANY_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} employees
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FormField control={control} name="description" label="Description">
        {(field) => <Textarea {...field} rows={5} placeholder="What your company does, and what it is like to work there." />}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Without the plan given: only the way to the plans (never a plan the company may not be on). */
function BillingAndPlan() {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">Paid plans let you contact candidates directly.</p>
      <Button variant="outline" className="w-fit" asChild>
        <Link to="/pricing">View Plans</Link>
      </Button>
    </div>
  );
}

const PREFERENCES = [
  { key: 'candidateResponses', label: 'Candidate responses', defaultOn: true },
  { key: 'weeklySummary', label: 'Weekly summary', defaultOn: true },
  { key: 'marketing', label: 'Marketing emails', defaultOn: false },
] as const;

function AccountSettings() {
  const baseId = useId();
  const [preferences, setPreferences] = useState<Record<string, boolean>>(() => Object.fromEntries(PREFERENCES.map(({ key, defaultOn }) => [key, defaultOn])));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium">Email notifications</legend>
      {PREFERENCES.map(({ key, label }) => (
        <div key={key} className="flex items-center gap-2">
          <input
            id={`${baseId}-${key}`}
            type="checkbox"
            className="size-4 rounded border-input accent-primary"
            checked={preferences[key] ?? false}
            onChange={(event) =>
              setPreferences((current) => ({
                ...current,
                [key]: event.target.checked,
              }))
            }
          />
          <Label htmlFor={`${baseId}-${key}`}>{label}</Label>
        </div>
      ))}
      <p className="text-sm text-muted-foreground">{COMPANY_PROFILE_TEXTS.preferencesNotSaved}</p>
    </fieldset>
  );
}
