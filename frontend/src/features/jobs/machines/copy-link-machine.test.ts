import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { COPIED_STATE_MS, copyLinkMachine } from './copy-link-machine';

function start(write: (text: string) => Promise<void> = async () => {}) {
  const written: string[] = [];
  const announceCopied = vi.fn();
  const announceCopyFailed = vi.fn();
  const machine = copyLinkMachine.provide({
    actors: {
      writeToClipboard: fromPromise<void, { text: string }>(async ({ input }) => {
        written.push(input.text);
        await write(input.text);
      }),
    },
    actions: { announceCopied, announceCopyFailed: (_, params) => announceCopyFailed(params) },
  });
  const actor = createActor(machine).start();
  return { actor, written, announceCopied, announceCopyFailed };
}

/** Lets the clipboard promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

afterEach(() => {
  vi.useRealTimers();
});

describe('copy link machine', () => {
  it('copies, shows Copied for 2 seconds, then returns to idle', async () => {
    vi.useFakeTimers();
    const { actor, written, announceCopied } = start();
    actor.send({ type: 'copy', url: 'https://hireloop.example/share/job/t1' });
    await settle();
    expect(written).toEqual(['https://hireloop.example/share/job/t1']);
    expect(actor.getSnapshot().value).toBe('copied');
    expect(announceCopied).toHaveBeenCalledOnce();

    await vi.advanceTimersByTimeAsync(COPIED_STATE_MS - 1);
    expect(actor.getSnapshot().value).toBe('copied');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('restarts the 2 seconds when copied again', async () => {
    vi.useFakeTimers();
    const { actor, announceCopied } = start();
    actor.send({ type: 'copy', url: 'a' });
    await settle();
    await vi.advanceTimersByTimeAsync(1500);
    actor.send({ type: 'copy', url: 'a' });
    await settle();
    await vi.advanceTimersByTimeAsync(1500);
    expect(actor.getSnapshot().value).toBe('copied');
    expect(announceCopied).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('reports a failed copy with the link and stays idle', async () => {
    vi.useFakeTimers();
    const { actor, announceCopied, announceCopyFailed } = start(async () => {
      throw new Error('denied');
    });
    actor.send({ type: 'copy', url: 'https://hireloop.example/share/job/t2' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(announceCopied).not.toHaveBeenCalled();
    expect(announceCopyFailed).toHaveBeenCalledWith({ url: 'https://hireloop.example/share/job/t2' });
  });
});
