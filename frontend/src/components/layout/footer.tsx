import { PRODUCT_NAME } from '../../lib/product';

export function Footer() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-3 py-6 text-sm text-muted-foreground sm:flex-row sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
        <p>Candidates typically respond within 24-48 hours.</p>
      </div>
    </footer>
  );
}
