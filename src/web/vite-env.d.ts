/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Which backend the build talks to: the in-page mock or the Node server. */
  readonly VITE_BACKEND: 'mock' | 'server';
  /** Overrides the mock's response delay (ms), e.g. 0 for end-to-end tests. */
  readonly VITE_MOCK_DELAY_MS?: string;
  /** Made-up videos the mock seeds after the six real ones, for a large catalogue. */
  readonly VITE_SEED_VIDEOS?: string;
}
