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
  export function distance(a: Point, b: Point = ORIGIN): number { /* … */ }

  export class Polygon {
    constructor(public points: Point[]) {}

    perimeter(): number { /* … */ }
  }

  export namespace Transform {
    export type Matrix = [number, number, number, number, number, number];
    export const identity: Matrix = [1, 0, 0, 1, 0, 0];
    export const apply = (m: Matrix, p: Point): Point => { /* … */ };
  }

  const internalCache = new Map<string, Point>();
  for (const name of ['a', 'b']) {
    internalCache.set(name, ORIGIN);
  }
}

module Legacy.Tools {
  export function noop(): void {}
}

export function middleware(): express.RequestHandler { /* … */ }

export const router = express.Router();

router.get('/distance', (req, res) => { /* … */ });

while (router.stack.length > 100) { /* … */ }
