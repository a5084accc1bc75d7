import type { AdminActivity } from '@hireloop/contracts';
import { ADMIN_ACTIVITY_EVENT } from '@hireloop/contracts';
import { useEffect, useRef, useState } from 'react';
import { getAuthToken } from '../../../lib/auth-token';
import { readEventStream } from '../../../lib/server-sent-events';
import { ADMIN_ACTIVITY_STREAM_PATH } from '../api/admin-activities';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

/** The server's `retry:` (5 s) until it says otherwise. */
const DEFAULT_RETRY_MS = 5000;

/**
 * New admin activities as they happen (ADR 035): `GET /api/admin/activities/stream` read with
 * `fetch` and a streamed body, so the bearer token travels in the `Authorization` header. When the
 * stream ends or fails it reconnects after the server's retry delay, sending `Last-Event-ID` so
 * nothing is missed and nothing comes twice.
 */
export function useActivityStream(onActivity: (activity: AdminActivity) => void, { enabled = true }: { enabled?: boolean } = {}): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const handler = useRef(onActivity);
  useEffect(() => {
    handler.current = onActivity;
  });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let lastEventId = '';
    let retryMs = DEFAULT_RETRY_MS;
    let timer: number | undefined;

    const connect = async () => {
      try {
        const headers: Record<string, string> = { Accept: 'text/event-stream' };
        const token = getAuthToken();
        if (token) headers.Authorization = `Bearer ${token}`;
        if (lastEventId) headers['Last-Event-ID'] = lastEventId;
        const response = await fetch(ADMIN_ACTIVITY_STREAM_PATH, { headers, signal: controller.signal, cache: 'no-store' });
        if (!response.ok || !response.body) {
          await response.body?.cancel();
          // Not an admin any more, or signed out: the list says so on its own; stop trying.
          if (response.status === 401 || response.status === 403) return;
          throw new Error(`stream answered ${response.status}`);
        }
        setStatus('live');
        await readEventStream(
          response.body,
          (event) => {
            if (event.lastEventId) lastEventId = event.lastEventId;
            if (event.event !== ADMIN_ACTIVITY_EVENT) return;
            try {
              handler.current(JSON.parse(event.data) as AdminActivity);
            } catch {
              // A malformed entry is skipped; the list still has it on the next read.
            }
          },
          { onRetry: (ms) => (retryMs = ms) },
        );
      } catch {
        if (controller.signal.aborted) return;
      }
      if (controller.signal.aborted) return;
      setStatus('reconnecting');
      timer = window.setTimeout(() => void connect(), retryMs);
    };

    void connect();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [enabled]);

  return status;
}
