import { ExternalLinkIcon } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { useCompanyPublicProfile } from '../api/company-profile';

/**
 * "About the company" on a job page (ADR 028): the company's description, website, industry and
 * size, when its profile has any. Nothing at all for a job without a company (imported jobs), a
 * company that said nothing yet, or while (or if) the profile cannot be read.
 */
export function CompanyAboutCard({ companyId }: { companyId: string | null }) {
  const company = useCompanyPublicProfile(companyId);
  const profile = company.data;
  if (!profile) return null;
  const facts = [
    { label: 'Industry', value: profile.industry },
    {
      label: 'Company size',
      value: profile.size ? `${profile.size} employees` : '',
    },
  ].filter((fact) => fact.value !== '');
  if (!profile.description && !profile.website && facts.length === 0) return null;

  return (
    <Card>
      <CardContent className="pt-5">
        <section className="grid gap-3" aria-labelledby="about-company">
          <h2 id="about-company" className="text-lg font-semibold">
            About {profile.name}
          </h2>
          {profile.description ? <p className="whitespace-pre-line text-sm text-muted-foreground">{profile.description}</p> : null}
          {facts.length > 0 ? (
            <dl className="grid gap-1 text-sm">
              {facts.map(({ label, value }) => (
                <div key={label} className="flex gap-2">
                  <dt className="text-muted-foreground">{label}:</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {profile.website ? (
            <a
              className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary hover:underline"
              href={profile.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
            >
              {profile.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
              <span className="sr-only">(company website, opens in a new tab)</span>
            </a>
          ) : null}
        </section>
      </CardContent>
    </Card>
  );
}
