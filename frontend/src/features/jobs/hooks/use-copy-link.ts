import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { toast } from '../../../components/ui/toast';
import {
  COPY_FALLBACK_TOAST_MS,
  COPY_MESSAGES,
  COPY_TOAST_MS,
  copyLinkMachine,
} from '../machines/copy-link-machine';

/** A Copy Link button's state: `copied` for 2 s after a copy, with the spec's toasts. */
export function useCopyLink(): { copied: boolean; copy: (url: string) => void } {
  const machine = useMemo(
    () =>
      copyLinkMachine.provide({
        actions: {
          announceCopied: () => toast({ title: COPY_MESSAGES.copied, variant: 'success', duration: COPY_TOAST_MS }),
          announceCopyFailed: (_, { url }) =>
            toast({
              title: COPY_MESSAGES.failed,
              // The fallback: the link itself, to copy by hand.
              description: url,
              variant: 'destructive',
              duration: COPY_FALLBACK_TOAST_MS,
            }),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine);
  return { copied: snapshot.matches('copied'), copy: (url: string) => send({ type: 'copy', url }) };
}
