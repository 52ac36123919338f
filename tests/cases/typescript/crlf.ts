// A TypeScript file with CRLF line endings.
import { EventEmitter } from 'events';

/**
 * Throttle calls to `fn`.
 * At most one call per `ms` milliseconds.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): (...args: A) => void {
  let last = 0;
  return (...args: A) => {
    const now = Date.now();
    if (now - last >= ms) {
      last = now;
      fn(...args);
    }
  };
}

export interface Tick {
  at: number;
  // label shown in logs
  label?: string;
}

export enum Speed {
  Slow = 1000,
  Fast = 100,
}

export class Ticker extends EventEmitter {
  private handle?: ReturnType<typeof setInterval>;

  start(speed: Speed = Speed.Slow): void {
    this.handle = setInterval(() => this.emit('tick', { at: Date.now() } as Tick), speed);
  }

  stop(): void {
    clearInterval(this.handle);
  }
}

export const LABELS = [
  'één',
  'twee',
  'drie',
  'vier',
  'vijf',
] as const;
