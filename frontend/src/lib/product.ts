/** The product's name as people see it (header, source labels, titles). */
export const PRODUCT_NAME = 'Hireloop';
/** The product's tagline (the page description of index.html), shown while a page loads. */
export const PRODUCT_TAGLINE = 'A job board for tech job seekers and the companies hiring them.';
