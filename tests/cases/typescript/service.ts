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
export function createRepository(fetcher: Fetcher, cache?: Cache<Order>): OrderRepository {
  return {
    async get(id) {
      const hit = cache?.get(id);
      if (hit) return hit;
      const order = OrderSchema.parse(await fetcher(`/orders/${id}`));
      cache?.set(id, order);
      return order;
    },
    async *list(filter = {}) {
      let page = 0;
      while (true) {
        const batch = await fetcher<Order[]>(`/orders?page=${page++}&q=${JSON.stringify(filter)}`);
        if (batch.length === 0) return;
        yield* batch;
      }
    },
  };
}

export const totalOf = (orders: readonly Order[]): number =>
  orders.reduce((sum, o) => sum + o.total, 0);

export const byId = async <T extends { id: string }>(items: T[], id: string): Promise<T | undefined> => {
  return items.find((i) => i.id === id);
};

export class OrderService {
  private inflight = new Map<string, Promise<Order | undefined>>();

  constructor(private readonly repo: OrderRepository, private readonly now = () => new Date()) {}

  get(id: string): Promise<Order | undefined> {
    let p = this.inflight.get(id);
    if (!p) {
      p = this.repo.get(id).finally(() => this.inflight.delete(id));
      this.inflight.set(id, p);
    }
    return p;
  }

  async total(ids: string[]): Promise<number> {
    const orders = await Promise.all(ids.map((id) => this.get(id)));
    return totalOf(orders.filter((o): o is Order => o !== undefined));
  }
}

export default OrderService;

if (import.meta.env?.DEV) {
  console.debug('OrderService loaded', OrderSchema.shape);
}
