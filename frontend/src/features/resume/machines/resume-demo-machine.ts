import { setup } from 'xstate';

/** Spec part 2 §2: the demo's extraction is simulated, with a 3-second delay. */
export const DEMO_EXTRACT_DELAY_MS = 3000;

export type ResumeDemoEvent = { type: 'demo.extract' };

/**
 * The resume demo (`/resume-demo`): ready → extracting → extracted after
 * {@link DEMO_EXTRACT_DELAY_MS}. Nothing is sent anywhere: the result is the fixed sample.
 */
export const resumeDemoMachine = setup({
  types: { events: {} as ResumeDemoEvent },
  delays: { extractDelay: DEMO_EXTRACT_DELAY_MS },
}).createMachine({
  id: 'resumeDemo',
  initial: 'ready',
  states: {
    ready: {
      on: { 'demo.extract': { target: 'extracting' } },
    },
    extracting: {
      after: { extractDelay: { target: 'extracted' } },
    },
    extracted: { type: 'final' },
  },
});
