import { Link } from '@tanstack/react-router';
import { BriefcaseIcon, SparklesIcon, UserCheckIcon, UsersIcon, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';

const AiOnboardingDialog = lazy(() => import('./ai-onboarding-dialog').then((module) => ({ default: module.AiOnboardingDialog })));

/**
 * An ad network the board's ad slots may load (part 1 §2, "ad blocks from a third-party ad
 * network"). None is configured here: the Content-Security-Policy allows 'self' only, and
 * configuring one means adding its origins there too (ADR 044).
 */
export interface AdNetwork {
  /** Fills the slot's element with an ad; called only after the visitor accepted cookies. */
  load: (slot: HTMLElement) => void;
}

/**
 * Who sees the slot: its promotions differ for candidates, and a candidate who has a profile is
 * not asked to build one (issue 24).
 */
export type AdAudience = 'visitor' | 'candidate' | 'candidate-with-profile' | 'company';

interface Promotion {
  id: string;
  icon: LucideIcon;
  title: string;
  text: string;
  action: { label: string; to: '/for-companies' | '/dashboard' | '/browse-candidates' } | { label: string; dialog: 'ai-onboarding' };
}

/** Hireloop's own promotions (post a job, browse candidates; build a profile for candidates). */
export const HOUSE_PROMOTIONS: Record<AdAudience, readonly Promotion[]> = {
  visitor: [
    { id: 'post-a-job', icon: BriefcaseIcon, title: 'Post a job for free', text: 'See how companies hire tech talent on Hireloop.', action: { label: 'Hire with Hireloop', to: '/for-companies' } },
    { id: 'browse-candidates', icon: UsersIcon, title: 'Meet candidates first', text: 'Browse anonymous profiles by skills and availability.', action: { label: 'Browse Candidates', to: '/browse-candidates' } },
  ],
  company: [
    { id: 'post-a-job', icon: BriefcaseIcon, title: 'Another role to fill?', text: 'Post it from your dashboard and ask matching candidates to apply.', action: { label: 'Post a Job', to: '/dashboard' } },
    { id: 'browse-candidates', icon: UsersIcon, title: 'New candidates this week', text: 'Browse anonymous profiles by skills and availability.', action: { label: 'Browse Candidates', to: '/browse-candidates' } },
  ],
  candidate: [
    { id: 'ai-onboarding', icon: SparklesIcon, title: 'Let AI build your profile', text: 'Upload your resume and get matched with the right jobs.', action: { label: 'Get Started', dialog: 'ai-onboarding' } },
  ],
  'candidate-with-profile': [
    { id: 'keep-profile-current', icon: UserCheckIcon, title: 'Keep your profile current', text: 'New skills and your availability sharpen your matches and what companies see.', action: { label: 'Go to Dashboard', to: '/dashboard' } },
  ],
};

interface AdSlotProps {
  audience: AdAudience;
  /** The visitor's cookie choice (features/consent): an ad network loads only after 'accepted'. */
  consent: 'accepted' | 'declined' | null;
  /** The configured ad network, if any (none here). */
  network?: AdNetwork | null;
}

/**
 * The job board's ad block (part 1 §2; ADR 044): a configured ad network's ad once cookies are
 * accepted; otherwise, and whenever none is configured (always, here), Hireloop's own
 * promotions. Nothing in it asks anyone but Hireloop for anything.
 */
export function AdSlot({ audience, consent, network = null }: AdSlotProps) {
  const networkAd = network !== null && consent === 'accepted';
  return (
    <section aria-label={networkAd ? 'Advertisement' : 'From Hireloop'} className="grid gap-3">
      {networkAd ? <NetworkAd network={network} /> : HOUSE_PROMOTIONS[audience].map((promotion) => <HousePromotion key={promotion.id} promotion={promotion} />)}
    </section>
  );
}

function NetworkAd({ network }: { network: AdNetwork }) {
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (slot.current) network.load(slot.current);
  }, [network]);
  return <div ref={slot} className="min-h-[250px]" data-ad-slot="" />;
}

function HousePromotion({ promotion }: { promotion: Promotion }) {
  const [dialogOpen, setDialogOpen] = useState<boolean | null>(null);
  const Icon = promotion.icon;
  const { action } = promotion;
  return (
    <Card className="border-dashed">
      <CardHeader className="pb-2">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <Icon className="size-4 text-primary" aria-hidden="true" />
          {promotion.title}
        </p>
        <CardDescription>{promotion.text}</CardDescription>
      </CardHeader>
      <CardContent>
        {'to' in action ? (
          <Button variant="secondary" size="sm" asChild>
            <Link to={action.to}>{action.label}</Link>
          </Button>
        ) : (
          <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setDialogOpen(true)}>
            {action.label}
          </Button>
        )}
        {dialogOpen !== null ? (
          <Suspense fallback={null}>
            <AiOnboardingDialog open={dialogOpen} onOpenChange={setDialogOpen} />
          </Suspense>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * An ad network by its loader script (`VITE_AD_NETWORK_SCRIPT_URL` at build time): the script is
 * added once, on the first slot shown after consent; each slot is an element the script fills.
 */
export function scriptAdNetwork(src: string): AdNetwork {
  return {
    load: (slot) => {
      if (!document.querySelector(`script[data-ad-network]`)) {
        const script = document.createElement('script');
        script.async = true;
        script.src = src;
        script.dataset.adNetwork = '';
        document.head.append(script);
      }
      slot.dataset.adStatus = 'requested';
    },
  };
}

/** The configured network, or null (the default: Hireloop's own promotions only). */
export const configuredAdNetwork = (src: string | undefined = import.meta.env.VITE_AD_NETWORK_SCRIPT_URL): AdNetwork | null =>
  src ? scriptAdNetwork(src) : null;
