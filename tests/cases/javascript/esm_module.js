/**
 * HTTP client helpers.
 *
 * Wraps `fetch` with retries, timeouts and JSON decoding.
 * @module http/client
 */
import defaultFetch from 'node-fetch';
import * as path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventEmitter, once } from 'node:events';
import './polyfills.js';
import config, { retries as defaultRetries } from './config.js';

export * from './errors.js';
export * as codes from './status-codes.js';
export { default as Agent } from './agent.js';
export { sleep, once as waitFor };

// Base URL used when a request gives a relative path.
export const BASE_URL = 'https://api.example.com/v2';
export let requestCount = 0;
const DEFAULT_HEADERS = { accept: 'application/json', 'user-agent': 'codepith-test/1.0' };

/**
 * Fetch `url` and decode the JSON body.
 *
 * @param {string} url - absolute or relative URL
 * @param {RequestInit} [init] - fetch options
 * @returns {Promise<unknown>}
 */
export async function getJson(url, init = {}) {
  const res = await request(url, { ...init, headers: { ...DEFAULT_HEADERS, ...init.headers } });
  if (!res.ok) {
    throw new Error(`HTTP ${res.status} for ${url}`);
  }
  return res.json();
}

async function request(url, init, attempt = 0) {
  requestCount += 1;
  try {
    return await defaultFetch(new URL(url, BASE_URL), init);
  } catch (err) {
    if (attempt >= defaultRetries) throw err;
    await sleep(2 ** attempt * 100);
    return request(url, init, attempt + 1);
  }
}

/** Yields every page of a paginated listing. */
export async function* paginate(url, { pageSize = 50 } = {}) {
  let next = `${url}?limit=${pageSize}`;
  while (next) {
    const page = await getJson(next);
    yield* page.items;
    next = page.next;
  }
}

export function* range(start, end, step = 1) {
  for (let i = start; i < end; i += step) {
    yield i;
  }
}

export const joinUrl = (...parts) => parts.map((p) => p.replace(/^\/|\/$/g, '')).join('/');

export const isAbsolute = (url) => /^https?:\/\//.test(url);

const toQuery = function (params) {
  return new URLSearchParams(params).toString();
};

export const withTimeout = (ms, promise = Promise.resolve()) =>
  Promise.race([promise, sleep(ms).then(() => { throw new Error('timeout'); })]);

export class RequestQueue extends EventEmitter {
  #pending = [];
  concurrency = config.concurrency ?? 4;

  push(task) {
    this.#pending.push(task);
    this.emit('queued', task);
  }
}

export default function createClient(options = { base: BASE_URL, resolve: (p) => path.resolve(p) }) {
  return { getJson, paginate, options, toQuery };
}
