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
  export function distance(a: Point, b: Point = ORIGIN): number {
    return Math.hypot(a.x - b.x, a.y - b.y);
  }

  export class Polygon {
    constructor(public points: Point[]) {}

    perimeter(): number {
      return this.points.reduce((sum, p, i, all) => sum + distance(p, all[(i + 1) % all.length]), 0);
    }
  }

  export namespace Transform {
    export type Matrix = [number, number, number, number, number, number];
    export const identity: Matrix = [1, 0, 0, 1, 0, 0];
    export const apply = (m: Matrix, p: Point): Point => ({
      x: m[0] * p.x + m[2] * p.y + m[4],
      y: m[1] * p.x + m[3] * p.y + m[5],
    });
  }

  const internalCache = new Map<string, Point>();
  for (const name of ['a', 'b']) {
    internalCache.set(name, ORIGIN);
  }
}

module Legacy.Tools {
  export function noop(): void {}
}

export function middleware(): express.RequestHandler {
  return (req, _res, next) => {
    req.requestId = Math.random().toString(36).slice(2);
    next();
  };
}

export const router = express.Router();

router.get('/distance', (req, res) => {
  const { x = 0, y = 0 } = req.query as Record<string, number | undefined>;
  res.json({ distance: Geometry.distance({ x: Number(x), y: Number(y) }) });
});

while (router.stack.length > 100) {
  router.stack.shift();
}
