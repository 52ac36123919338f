'use client';
import React, { useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { FC, PropsWithChildren } from 'react';
import clsx from 'clsx';
import './Button.css';

/**
 * Props of {@link Button}.
 * Extends the native button attributes.
 */
export interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'sm' | 'md' | 'lg';
  loading?: boolean;
  icon?: ReactNode;
}

type CounterAction = { type: 'inc' } | { type: 'dec' } | { type: 'set'; value: number };

/** A button. */
export function Button({ variant = 'primary', size = 'md', loading, icon, children, ...rest }: ButtonProps) { /* … L21-28 */ }

export const Spinner: FC<{ label?: string }> = ({ label = 'Loading' }) => { /* … L30-32 */ };

export const Card = ({ title, children }: PropsWithChildren<{ title: string }>) => { /* … L34-42 */ };

function counterReducer(state: number, action: CounterAction): number { /* … L44-53 */ }

export function useCounter(initial = 0) { /* … L55-63 */ }

export function useInterval(callback: () => void, delay: number | null): void { /* … L65-75 */ }

const Counter = React.memo(function Counter({ step = 1 }: { step?: number }) { /* … L77-81 */ });

export const Forwarded = React.forwardRef<HTMLInputElement, { label: string }>(({ label }, ref) => { /* … L83-88 */ });
Forwarded.displayName = 'Forwarded';

export default function Page({ children }: PropsWithChildren) { /* … L91-103 */ }
