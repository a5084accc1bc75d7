import { FOR_COMPANIES_PAGE, UNLIMITED, type SubscriptionPlan } from '@hireloop/contracts';
import {
  BriefcaseIcon,
  CheckIcon,
  FileTextIcon,
  MailIcon,
  SearchIcon,
  SendIcon,
  ShieldCheckIcon,
  SparklesIcon,
  type LucideIcon,
} from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthDialog } from '../../../lib/auth-dialog';
import { useDocumentTitle } from '../../../lib/page-title';
import { cn } from '../../../lib/utils';

const page = FOR_COMPANIES_PAGE;
const BENEFIT_ICONS: readonly LucideIcon[] = [SearchIcon, ShieldCheckIcon, SendIcon, FileTextIcon, MailIcon, SparklesIcon];
const limitText = (limit: number) => (limit === UNLIMITED ? 'Unlimited' : String(limit));

export interface ForCompaniesPlans {
  /** The plans of `GET /api/subscription/plans`; undefined while they load. */
  plans: readonly SubscriptionPlan[] | undefined;
  /** They could not be loaded. */
  failed: boolean;
  retry: () => void;
}

/**
 * `/for-companies` (spec part 2 "/for-companies (marketing)"): the hero, the four stats, six
 * benefit cards, the four plans, three sample testimonials and the footer links. Every call to
 * action opens the sign-up / sign-in dialog on its For Companies tab. The words are the ones the
 * server puts in the page's HTML (contracts' `FOR_COMPANIES_PAGE`, ADR 044).
 */
export function ForCompaniesPage({ plans }: { plans: ForCompaniesPlans }) {
  useDocumentTitle(page.title);
  const { openAuthDialog, preloadAuthDialog } = useAuthDialog();
  const cta = { onClick: () => openAuthDialog('company'), onPointerEnter: preloadAuthDialog, onFocus: preloadAuthDialog, 'aria-haspopup': 'dialog' as const };

  return (
    <article aria-labelledby="for-companies-heading" className="grid gap-16 py-4">
      <header className="grid justify-items-center gap-5 text-center">
        <Badge variant="secondary">
          <BriefcaseIcon aria-hidden="true" />
          For Companies
        </Badge>
        <h1 id="for-companies-heading" className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          {page.heading}
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">{page.intro}</p>
        <Button size="lg" {...cta}>
          {page.primaryCta}
        </Button>
        <dl className="grid w-full max-w-4xl grid-cols-2 gap-4 pt-4 sm:grid-cols-4">
          {page.stats.map((stat) => (
            <div key={stat.label} className="grid gap-1 rounded-lg border bg-card p-4">
              <dt className="order-2 text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="order-1 text-3xl font-bold text-primary">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </header>

      <section aria-labelledby="benefits-heading" className="grid gap-6">
        <h2 id="benefits-heading" className="text-center text-3xl font-bold tracking-tight">
          {page.benefitsHeading}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {page.benefits.map((benefit, index) => {
            const Icon = BENEFIT_ICONS[index] ?? SparklesIcon;
            return (
              <li key={benefit.title}>
                <Card className="h-full">
                  <CardHeader>
                    <Icon className="size-6 text-primary" aria-hidden="true" />
                    <CardTitle className="text-lg">{benefit.title}</CardTitle>
                    <CardDescription>{benefit.text}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="plans-heading" className="grid gap-6">
        <div className="grid gap-2 text-center">
          <h2 id="plans-heading" className="text-3xl font-bold tracking-tight">
            {page.plansHeading}
          </h2>
          <p className="text-muted-foreground">{page.plansIntro}</p>
        </div>
        <PlanList plans={plans} ctaProps={cta} />
      </section>

      <section aria-labelledby="testimonials-heading" className="grid gap-6">
        <div className="grid gap-2 text-center">
          <h2 id="testimonials-heading" className="text-3xl font-bold tracking-tight">
            {page.testimonialsHeading}
          </h2>
          <p className="text-sm text-muted-foreground">{page.testimonialsNote}</p>
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          {page.testimonials.map((testimonial) => (
            <figure key={testimonial.name} className="grid content-between gap-4 rounded-lg border bg-card p-6">
              <blockquote className="text-base">“{testimonial.quote}”</blockquote>
              <figcaption className="text-sm">
                <span className="font-semibold">{testimonial.name}</span>
                <span className="block text-muted-foreground">{testimonial.role}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section aria-labelledby="closing-heading" className="grid justify-items-center gap-4 rounded-xl bg-accent/40 p-10 text-center">
        <h2 id="closing-heading" className="text-3xl font-bold tracking-tight">
          {page.closingHeading}
        </h2>
        <p className="text-muted-foreground">{page.closingText}</p>
        <Button size="lg" {...cta}>
          {page.closingCta}
        </Button>
      </section>

      <nav aria-label="For companies" className="border-t pt-6">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          {page.footerLinks.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

function PlanList({ plans, ctaProps }: { plans: ForCompaniesPlans; ctaProps: Record<string, unknown> }) {
  if (plans.failed) {
    return (
      <p className="text-center text-muted-foreground">
        The plans could not be loaded.{' '}
        <Button variant="link" className="h-auto p-0" onClick={plans.retry}>
          Try again
        </Button>
      </p>
    );
  }
  if (!plans.plans) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" role="status" aria-label="Loading plans">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-80" />
        ))}
      </div>
    );
  }
  return (
    <ul className="grid gap-6 pt-3 sm:grid-cols-2 xl:grid-cols-4">
      {plans.plans.map((plan) => (
        <li key={plan.planId}>
          <Card aria-labelledby={`marketing-plan-${plan.planId}`} role="group" className={cn('relative flex h-full flex-col', plan.mostPopular && 'border-primary shadow-md')}>
            {plan.mostPopular ? <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge> : null}
            <CardHeader>
              <CardTitle id={`marketing-plan-${plan.planId}`} className="text-lg">
                {plan.name}
              </CardTitle>
              <CardDescription>{plan.description}</CardDescription>
              <p className="flex items-baseline gap-1 pt-2">
                <span className="text-3xl font-bold tracking-tight">${plan.price}</span>
                <span className="text-sm text-muted-foreground">/month</span>
              </p>
            </CardHeader>
            <CardContent className="grid flex-1 content-start gap-3">
              <ul aria-label={`${plan.name} features`} className="grid gap-1.5 text-sm">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <dl className="grid grid-cols-[1fr_auto] gap-x-2 gap-y-1 rounded-md bg-muted/50 p-2 text-sm">
                <dt className="text-muted-foreground">Job Postings</dt>
                <dd className="font-medium">{limitText(plan.maxJobPostings)}</dd>
                <dt className="text-muted-foreground">Candidate Views</dt>
                <dd className="font-medium">{limitText(plan.maxCandidateViews)}</dd>
              </dl>
            </CardContent>
            <CardFooter>
              <Button className="w-full" variant={plan.mostPopular ? 'default' : 'outline'} aria-label={`${page.planCta} with ${plan.name}`} {...ctaProps}>
                {page.planCta}
              </Button>
            </CardFooter>
          </Card>
        </li>
      ))}
    </ul>
  );
}
