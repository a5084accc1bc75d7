import { useEffect } from 'react';
import { PRODUCT_NAME } from './product';

/** The tab's title for a page: its name, then the product's ("Jobs | Hireloop"). */
export const pageTitle = (name: string) => `${name} | ${PRODUCT_NAME}`;

/** Sets the tab's title while the component is shown, and puts the previous one back after; null leaves it (say, while loading). */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** Titles the tab after the page, by the page's name in the spec ("Dashboard", "Reset Password"). */
export const usePageTitle = (name: string | null) => useDocumentTitle(name === null ? null : pageTitle(name));
