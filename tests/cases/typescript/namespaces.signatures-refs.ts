// Namespaces and module augmentation.
import * as express from 'express';

declare module 'express-serve-static-core' {
  interface Request {
    user?: { id: string; roles: string[] };
    requestId: string;
  }
}

export namespace Geometry {
  export interface Point {
    x: number;
    y: number;
  }

  export const ORIGIN: Point = { x: 0, y: 0 };

  /** Euclidean distance. */
  export function distance(a: Point, b: Point = ORIGIN): number { /* … L20-22 */ }

  export class Polygon {
    constructor(public points: Point[]) {}

    perimeter(): number { /* … L27-29 */ }
  }

  export namespace Transform {
    export type Matrix = [number, number, number, number, number, number];
    export const identity: Matrix = [1, 0, 0, 1, 0, 0];
    export const apply = (m: Matrix, p: Point): Point => { /* … L35-38 */ };
  }

  const internalCache = new Map<string, Point>();
  for (const name of ['a', 'b']) {
    internalCache.set(name, ORIGIN);
  }
}

module Legacy.Tools {
  export function noop(): void {}
}

export function middleware(): express.RequestHandler { /* … L51-56 */ }

export const router = express.Router();

router.get('/distance', (req, res) => { /* … L60-63 */ });

while (router.stack.length > 100) {
  router.stack.shift();
}
