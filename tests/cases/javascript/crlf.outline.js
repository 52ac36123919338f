'use strict';

/** Event bus with CRLF line endings. */
const EventEmitter = require('events');

const topics = new Map();

function subscribe(topic, handler) { /* … */ }

function unsubscribe(topic, handler) { /* … */ }

class Bus extends EventEmitter {
  /** Publish a message. */
  publish(topic, payload) { /* … */ }
}

const LEVELS = [/* … */];

if (process.env.BUS_DEBUG) { /* … */ }

module.exports = { subscribe, unsubscribe, Bus, LEVELS };
