import { CookieIcon, XIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { dismissForThisVisit, storeConsent, useConsent } from '../lib/consent';

/**
 * The cookie-consent banner (part 1 §2): at the bottom of every page while no choice is stored.
 * Accept All Cookies turns analytics on, Essential Only keeps them off, Cookie Details says what
 * each kind is, and × hides the banner for this visit without storing anything.
 */
export function CookieBanner() {
  const { consent, dismissed } = useConsent();
  const [details, setDetails] = useState(false);
  const [banner, setBanner] = useState<HTMLElement | null>(null);
  const detailsId = useId();
  const titleId = useId();
  useReservePageBottom(banner);
  if (consent !== null || dismissed) return null;
  return (
    <section
      ref={setBanner}
      aria-labelledby={titleId}
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 shadow-lg backdrop-blur supports-[backdrop-filter]:bg-card/85"
    >
      <div className="mx-auto grid max-w-6xl gap-3 px-3 py-4 sm:px-6">
        <div className="flex items-start gap-3">
          <CookieIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="grid flex-1 gap-1">
            <h2 id={titleId} className="font-semibold">
              We use cookies
            </h2>
            <p className="text-sm text-muted-foreground">
              Essential cookies keep Hireloop working. With your consent we also count page views to improve the site.
            </p>
          </div>
          <Button variant="ghost" size="icon" aria-label="Close the cookie banner for this visit" onClick={dismissForThisVisit}>
            <XIcon aria-hidden="true" />
          </Button>
        </div>
        {details ? (
          <div id={detailsId} className="grid gap-1 rounded-md border bg-background p-3 text-sm">
            <p>
              <strong>Essential:</strong> your sign-in and this choice, kept in your browser. Always on: Hireloop does not work without them.
            </p>
            <p>
              <strong>Analytics:</strong> which pages are visited, counted without your name or address, so we can see what helps people find
              work. Only if you accept.
            </p>
          </div>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" aria-expanded={details} aria-controls={details ? detailsId : undefined} onClick={() => setDetails((open) => !open)}>
            Cookie Details
          </Button>
          <Button variant="outline" onClick={() => storeConsent('declined')}>
            Essential Only
          </Button>
          <Button onClick={() => storeConsent('accepted')}>Accept All Cookies</Button>
        </div>
      </div>
    </section>
  );
}

/**
 * While the banner shows, the page's bottom gets room as tall as the banner, so nothing (the job
 * board's page buttons, the footer) stays under it at full scroll: a first-time visitor can use
 * the page before answering (issue 24). The room follows the banner's height (Cookie Details) and
 * goes when the banner does.
 */
function useReservePageBottom(banner: HTMLElement | null) {
  useEffect(() => {
    if (!banner) return;
    const body = document.body;
    const reserve = () => {
      body.style.paddingBottom = `${banner.offsetHeight}px`;
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = '';
    };
  }, [banner]);
}
