/**
 * Order service.
 *
 * Talks to the orders API and caches results.
 */
import { z } from 'zod';
import type { Cache } from './cache';

export const OrderSchema = z.object({
  id: z.string().uuid(),
  total: z.number().nonnegative(),
  items: z.array(z.object({ sku: z.string(), qty: z.number().int() })),
});

export type Order = z.infer<typeof OrderSchema>;

export interface OrderRepository {
  get(id: string): Promise<Order | undefined>;
  list(filter?: Partial<Order>): AsyncIterable<Order>;
}

type Fetcher = <T>(url: string, init?: RequestInit) => Promise<T>;

/**
 * Build a repository over `fetcher`.
 * @param fetcher - how to talk HTTP
 * @param cache - optional cache
 */
export function createRepository(fetcher: Fetcher, cache?: Cache<Order>): OrderRepository { /* … */ }

export const totalOf = (orders: readonly Order[]): number => { /* … */ };

export const byId = async <T extends { id: string }>(items: T[], id: string): Promise<T | undefined> => { /* … */ };

export class OrderService {
  private inflight = new Map<string, Promise<Order | undefined>>();

  constructor(private readonly repo: OrderRepository, private readonly now = () => new Date()) {}

  get(id: string): Promise<Order | undefined> { /* … */ }

  async total(ids: string[]): Promise<number> { /* … */ }
}

export default OrderService;

if (import.meta.env?.DEV) {
  console.debug('OrderService loaded', OrderSchema.shape);
}
