/** Writes `text` to the clipboard; rejects when the browser has no clipboard or refuses. */
export async function writeToClipboard(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) {
    throw new Error('The clipboard is not available');
  }
  await navigator.clipboard.writeText(text);
}
