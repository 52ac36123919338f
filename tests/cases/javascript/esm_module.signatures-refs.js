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
export async function getJson(url, init = {}) { /* … L31-37 */ }

async function request(url, init, attempt = 0) { /* … L39-48 */ }

/** Yields every page of a paginated listing. */
export async function* paginate(url, { pageSize = 50 } = {}) { /* … L51-58 */ }

export function* range(start, end, step = 1) { /* … L60-64 */ }

export const joinUrl = (...parts) => { /* … L66 */ };

export const isAbsolute = (url) => { /* … L68 */ };

const toQuery = function (params) { /* … L70-72 */ };

export const withTimeout = (ms, promise = Promise.resolve()) => { /* … L75 */ };

export class RequestQueue extends EventEmitter {
  #pending = [];
  concurrency = config.concurrency ?? 4;

  push(task) { /* … L81-84 */ }
}

export default function createClient(options = { base: BASE_URL, resolve: (p) => path.resolve(p) }) { /* … L87-89 */ }
