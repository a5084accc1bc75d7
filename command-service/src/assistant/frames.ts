/** The product's name in these pages (the SPA has its own constant). */
const PRODUCT_NAME_TEXT = 'Hireloop';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The built-in provider's embedded pages (ADR 043): what the assistant panel's frames show when
 * no external assistant is configured. Plain HTML, no script: the built-in assistant is the
 * Hireloop account itself, so the page says how to connect it instead of asking for a password
 * inside a frame.
 */
export function assistantFramePage(page: 'sign-in' | 'sign-up', assistantName: string): string {
  const name = escape(assistantName);
  const body =
    page === 'sign-in'
      ? `<h1>Sign in to ${name}</h1>
<p>${PRODUCT_NAME_TEXT}'s built-in assistant works with your ${PRODUCT_NAME_TEXT} account: it searches the job board and applies to jobs for you.</p>
<ol><li>Go back and choose <strong>Continue with Email</strong> to sign in.</li><li>Open the connect page with your user token and API key to connect the assistant.</li></ol>`
      : `<h1>Join ${name}</h1>
<p>The built-in assistant needs a ${PRODUCT_NAME_TEXT} account. Go back and choose <strong>For Candidates</strong> or <strong>For Companies</strong> to create one; your invitation is kept with this page.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${name}</title>
<style>body{font-family:system-ui,sans-serif;margin:1.5rem;line-height:1.5;color:#0f172a}h1{font-size:1.25rem}</style></head>
<body>${body}</body></html>`;
}
