import { useEffect } from 'react';

/**
 * Sets `<meta name="robots" content="…">` while the component is shown, and puts back what was
 * there before (or removes the tag) after, so a page that must stay out of search engines
 * (a candidate's profile) says so without affecting the pages visited next.
 */
export function useRobotsMeta(content: string) {
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const previous = tag?.getAttribute('content') ?? null;
    if (!tag) {
      tag = document.createElement('meta');
      tag.setAttribute('name', 'robots');
      document.head.appendChild(tag);
    }
    tag.setAttribute('content', content);
    const placed = tag;
    return () => {
      if (previous === null) placed.remove();
      else placed.setAttribute('content', previous);
    };
  }, [content]);
}
