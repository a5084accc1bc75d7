/**
 * Writes `text` to the clipboard; rejects when the browser has no clipboard or refuses. The
 * asynchronous Clipboard API exists only on secure pages (https, localhost): on a LAN address
 * (`http://192.168.…`) it is missing and Copy link never reached its "Copied" state (issue 24), so
 * the click's own copy command is tried then.
 */
export async function writeToClipboard(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch (error) {
      if (!copyWithCommand(text)) throw error;
      return;
    }
  }
  if (!copyWithCommand(text)) throw new Error('The clipboard is not available');
}

/** The copy command on a hidden text field (still the way on pages that are not secure). */
function copyWithCommand(text: string): boolean {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  const focused = document.activeElement;
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
    if (focused instanceof HTMLElement) focused.focus();
  }
}
