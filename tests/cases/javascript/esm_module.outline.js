/** HTTP client helpers. */
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

export const BASE_URL = 'https://api.example.com/v2';
export let requestCount = 0;
const DEFAULT_HEADERS = { accept: 'application/json', 'user-agent': 'codepith-test/1.0' };

/** Fetch `url` and decode the JSON body. */
export async function getJson(url, init = {}) { /* … */ }

async function request(url, init, attempt = 0) { /* … */ }

/** Yields every page of a paginated listing. */
export async function* paginate(url, { pageSize = 50 } = {}) { /* … */ }

export function* range(start, end, step = 1) { /* … */ }

export const joinUrl = (...parts) => { /* … */ };

export const isAbsolute = (url) => { /* … */ };

const toQuery = function (params) { /* … */ };

export const withTimeout = (ms, promise = Promise.resolve()) => { /* … */ };

export class RequestQueue extends EventEmitter {
  #pending = [];
  concurrency = config.concurrency ?? 4;

  push(task) { /* … */ }
}

export default function createClient(options = { base: BASE_URL, resolve: (p) => path.resolve(p) }) { /* … */ }
