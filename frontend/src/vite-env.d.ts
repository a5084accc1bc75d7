/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A reverse-geocoding service for the sign-up forms' location auto-detect (ADR 044); unset: the bundled gazetteer. */
  readonly VITE_REVERSE_GEOCODING_URL?: string;
}

interface ImportMetaEnv {
  /** An ad network's loader script for the job board's ad slots (ADR 044); unset: Hireloop's own promotions. Its origin must be added to the CSP. */
  readonly VITE_AD_NETWORK_SCRIPT_URL?: string;
}
