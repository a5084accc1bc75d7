/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** A reverse-geocoding service for the sign-up forms' location auto-detect (ADR 044); unset: the bundled gazetteer. */
  readonly VITE_REVERSE_GEOCODING_URL?: string;
}
