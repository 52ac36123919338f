// Données de localisation — 本地化数据 — 🌍
import { register } from './i18n.js';

/** Langues prises en charge (« supported locales »). */
export const LOCALES = ['fr-FR', 'de-DE', 'zh-CN', 'ja-JP'];

export const MESSAGES = {
  'fr-FR': { hello: 'Bonjour à tous', bye: 'Au revoir, Zoë', error: 'Échec de la requête' },
  'de-DE': { hello: 'Hallo zusammen', bye: 'Tschüß', error: 'Anfrage fehlgeschlagen' },
  'zh-CN': { hello: '大家好', bye: '再见', error: '请求失败' },
  'ja-JP': { hello: 'こんにちは', bye: 'さようなら', error: 'リクエストに失敗しました' },
  emoji: { hello: '👋', bye: '👋🏽', error: '💥' },
  'es-ES': { hello: '¡Hola a todos!', bye: 'Adiós', error: 'La petición falló' },
};

const WEEKDAYS = [
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
];

var PRIMES = [
  2, 3, 5, 7, 11, 13, 17, 19, 23, 29,
  31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
  73, 79, 83, 89, 97, 101, 103, 107, 109, 113,
  127, 131, 137, 139, 149, 151, 157, 163, 167, 173,
  179, 181, 191, 193, 197, 199, 211, 223, 227, 229,
];

const SMALL = { a: 1, b: 2 };

const BANNER = `
╔══════════════════════╗
║  Überprüfung läuft…  ║
║  検証中…  ✅          ║
╚══════════════════════╝
`;

export const GREETING = 'Grüß Gott — 你好 — 🙂';

/** Table des routes : chaque entrée garde son gestionnaire. */
export const ROUTES = {
  home: { path: '/', title: 'Accueil' },
  about: { path: '/à-propos', title: 'À propos' },
  search: {
    path: '/recherche',
    handler(query) { /* … L51-53 */ },
  },
  legacy: { path: '/ancien', title: 'Ancien' },
};

const PLUGINS = [
  require('./plugins/accents'),
  require('./plugins/cjk'),
  require('./plugins/emoji'),
  { name: 'inline', init() {} },
  null,
];

/**
 * Retourne le message traduit.
 * 翻訳されたメッセージを返す。
 */
export function t(locale, key) { /* … L70-73 */ }

export const emojiFlag = (cc) => { /* … L76 */ };

register(LOCALES, t, WEEKDAYS, PRIMES, SMALL, BANNER, PLUGINS);
