import { PROFILE_MESSAGES } from '@hireloop/contracts';
import { useCallback } from 'react';
import { toast } from '../../../components/ui/toast';
import { writeToClipboard } from '../../../lib/clipboard';

/** Part 2 §9: 'Link Copied!' shows 3 s; the fallback (copy it yourself) 5 s. */
export const LINK_COPIED_TOAST_MS = 3000;
export const SHARE_FALLBACK_TOAST_MS = 5000;

/**
 * Share Profile: copies the page's address, or, when the clipboard is unavailable or refuses,
 * shows the address to copy by hand.
 */
export function useShareProfile(): (url?: string) => Promise<void> {
  return useCallback(async (url = window.location.href) => {
    try {
      await writeToClipboard(url);
      toast({
        title: PROFILE_MESSAGES.linkCopied,
        description: 'The profile link is on your clipboard.',
        variant: 'success',
        duration: LINK_COPIED_TOAST_MS,
      });
    } catch {
      toast({
        title: PROFILE_MESSAGES.shareProfile,
        description: `Copy this link to share the profile: ${url}`,
        duration: SHARE_FALLBACK_TOAST_MS,
      });
    }
  }, []);
}
