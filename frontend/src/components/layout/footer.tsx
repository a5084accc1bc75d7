import { PRODUCT_NAME } from '../../lib/product';

const FOOTER_LINKS = [
  { to: '/about-founder', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
] as const;

export function Footer() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-3 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                {/* A plain link: these pages are served whole, readable without the app (ADR 040). */}
                <a href={link.to} className="underline-offset-4 hover:text-foreground hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <p>Candidates typically respond within 24-48 hours.</p>
      </div>
    </footer>
  );
}
