/** The product's name as people see it (header, source labels, titles). */
export const PRODUCT_NAME = 'Hireloop';
