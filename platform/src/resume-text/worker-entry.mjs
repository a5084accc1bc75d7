// The worker thread's entry: plain JavaScript, so it starts the same under vitest, tsx and node.
// It teaches this thread to load TypeScript (tsx), then hands the pool the task function. The
// readers are loaded here, when the thread starts, so a warm worker reads at once (pdf.js alone
// takes a second or more to load).
import { register } from 'tsx/esm/api';

register();
const [{ default: readResume }] = await Promise.all([import('./worker.ts'), import('pdfjs-dist/legacy/build/pdf.mjs')]);

export default readResume;
