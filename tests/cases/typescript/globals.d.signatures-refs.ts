/// <reference types="node" />
/// <reference lib="dom" />

/**
 * Ambient declarations for the app.
 *
 * Nothing in a declaration file has a body.
 */

declare const __DEV__: boolean;
declare let __VERSION__: string;
declare var process: NodeJS.Process;

declare function gtag(command: 'config', id: string, params?: Record<string, unknown>): void;
declare function gtag(command: 'event', name: string, params?: Record<string, unknown>): void;

declare class EventSource2 extends EventTarget {
  constructor(url: string, init?: { withCredentials?: boolean });
  readonly readyState: number;
  close(): void;
  static readonly CLOSED: 2;
}

declare module '*.svg' {
  const content: string;
  export default content;
}

declare module 'legacy-lib' {
  export interface Options {
    verbose?: boolean;
  }
  export function init(options?: Options): void;
  export default init;
}

declare global {
  interface Window {
    dataLayer: unknown[];
    __APP_STATE__?: Record<string, unknown>;
  }

  namespace NodeJS {
    interface ProcessEnv {
      readonly NODE_ENV: 'development' | 'production' | 'test';
      readonly API_URL?: string;
    }
  }

  // A plain comment inside `declare global`.
  type Nullable<T> = T | null;
}

declare namespace App {
  /** A route definition. */
  interface Route {
    path: string;
    component: () => Promise<unknown>;
  }
  type Routes = readonly Route[];
  const routes: Routes;
  function navigate(path: string): void;
  namespace Internal {
    let counter: number;
  }
}

export {};
