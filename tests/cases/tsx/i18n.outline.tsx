import { useState } from 'react';

export type Lang = 'fr' | 'zh' | 'ja' | 'ar' | 'emoji';

/** Traductions : 翻訳 — large table, elided at outline. */
export const STRINGS = {/* … */} as const;

/** Sélecteur de langue. */
export function LanguagePicker({ onPick }: { onPick: (lang: Lang) => void }) { /* … */ }

export const Greeting = ({ name }: { name: string }) => { /* … */ };

export const Settings = () => { /* … */ };

export default Settings;
