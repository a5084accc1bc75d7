/** Shared with the projections (the admin candidates table names a profile before it exists, ADR 038). */
export { profileIdFor } from '@hireloop/platform/accounts/profile-id';
