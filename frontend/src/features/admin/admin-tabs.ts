/**
 * The admin console's tabs, in their order. Their own module: `/admin`'s route reads them for its
 * `?tab=` (ADR 116), and route options are in the first load of every page, so importing them
 * from the panel would pull the whole console (and its forms) into `/jobs` (ADR 111's budget).
 */
export const ADMIN_TABS = ['candidates', 'companies', 'jobs', 'analytics', 'activities', 'projections'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
