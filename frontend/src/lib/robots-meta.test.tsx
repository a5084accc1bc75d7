import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRobotsMeta } from './robots-meta';

function Page({ content }: { content: string }) {
  useRobotsMeta(content);
  return null;
}

const robots = () => document.head.querySelectorAll('meta[name="robots"]');

afterEach(() => {
  robots().forEach((tag) => tag.remove());
});

describe('the robots tag of a page', () => {
  it('is there while the page is shown and gone after', () => {
    const { unmount } = render(<Page content="noindex, nofollow" />);
    expect(robots()).toHaveLength(1);
    expect(robots()[0]).toHaveAttribute('content', 'noindex, nofollow');
    unmount();
    expect(robots()).toHaveLength(0);
  });

  it('puts back the tag that was there before', () => {
    const tag = document.createElement('meta');
    tag.setAttribute('name', 'robots');
    tag.setAttribute('content', 'index, follow');
    document.head.appendChild(tag);
    const { unmount } = render(<Page content="noindex, nofollow" />);
    expect(robots()).toHaveLength(1);
    expect(robots()[0]).toHaveAttribute('content', 'noindex, nofollow');
    unmount();
    expect(robots()[0]).toHaveAttribute('content', 'index, follow');
  });
});
