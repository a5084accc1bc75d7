import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { DEMO_EXTRACT_DELAY_MS, resumeDemoMachine } from './resume-demo-machine';

afterEach(() => {
  vi.useRealTimers();
});

describe('resume demo machine', () => {
  it('extracts for exactly 3 seconds, then shows the result', () => {
    vi.useFakeTimers();
    const actor = createActor(resumeDemoMachine).start();
    expect(actor.getSnapshot().value).toBe('ready');

    actor.send({ type: 'demo.extract' });
    expect(actor.getSnapshot().value).toBe('extracting');
    expect(DEMO_EXTRACT_DELAY_MS).toBe(3000);
    vi.advanceTimersByTime(2999);
    expect(actor.getSnapshot().value).toBe('extracting');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('extracted');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('takes the delay it is given', () => {
    vi.useFakeTimers();
    const actor = createActor(resumeDemoMachine.provide({ delays: { extractDelay: 10 } })).start();
    actor.send({ type: 'demo.extract' });
    vi.advanceTimersByTime(10);
    expect(actor.getSnapshot().value).toBe('extracted');
  });

  it('does not restart the delay when pressed again while extracting', () => {
    vi.useFakeTimers();
    const actor = createActor(resumeDemoMachine).start();
    actor.send({ type: 'demo.extract' });
    vi.advanceTimersByTime(2000);
    actor.send({ type: 'demo.extract' });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().value).toBe('extracted');
  });
});
