import { describe, expect, it } from 'vitest';
import { pageCountOf, pageWindow, readTotalCount, showingRange, showingText } from './pagination';

describe('page window', () => {
  it('shows at most five page buttons, sliding with the current page', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 20)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows every page when there are five or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the window inside the pages that exist', () => {
    expect(pageWindow(99, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(0, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });
});

describe('page count', () => {
  it('counts pages of ten', () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(1)).toBe(1);
    expect(pageCountOf(10)).toBe(1);
    expect(pageCountOf(11)).toBe(2);
    expect(pageCountOf(200)).toBe(20);
  });
});

describe('"Showing X-Y of N"', () => {
  it('counts the items of the page shown', () => {
    expect(showingText(showingRange(1, 10, 23))).toBe('Showing 1-10 of 23');
    expect(showingText(showingRange(2, 10, 23))).toBe('Showing 11-20 of 23');
    expect(showingText(showingRange(3, 3, 23))).toBe('Showing 21-23 of 23');
  });

  it('reads 0-0 of N when the page is empty', () => {
    expect(showingRange(1, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
    expect(showingText(showingRange(5, 0, 23))).toBe('Showing 0-0 of 23');
  });
});

describe('X-Total-Count', () => {
  it('reads the header', () => {
    expect(readTotalCount('23', 1, 10)).toBe(23);
    expect(readTotalCount('0', 1, 0)).toBe(0);
  });

  it('falls back to what the page proves when the header is missing or broken', () => {
    expect(readTotalCount(null, 3, 4)).toBe(24);
    expect(readTotalCount('lots', 1, 10)).toBe(10);
    expect(readTotalCount(null, 1, 0)).toBe(0);
  });
});
