'use client';
import React, { useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { FC, PropsWithChildren } from 'react';
import clsx from 'clsx';
import './Button.css';

/** Props of {@link Button}. */
export interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost';
  size?: 'sm' | 'md' | 'lg';
  loading?: boolean;
  icon?: ReactNode;
}

type CounterAction = { type: 'inc' } | { type: 'dec' } | { type: 'set'; value: number };

/** A button. */
export function Button({ variant = 'primary', size = 'md', loading, icon, children, ...rest }: ButtonProps) { /* … */ }

export const Spinner: FC<{ label?: string }> = ({ label = 'Loading' }) => { /* … */ };

export const Card = ({ title, children }: PropsWithChildren<{ title: string }>) => { /* … */ };

function counterReducer(state: number, action: CounterAction): number { /* … */ }

export function useCounter(initial = 0) { /* … */ }

export function useInterval(callback: () => void, delay: number | null): void { /* … */ }

const Counter = React.memo(function Counter({ step = 1 }: { step?: number }) { /* … */ });

export const Forwarded = React.forwardRef<HTMLInputElement, { label: string }>(({ label }, ref) => { /* … */ });
Forwarded.displayName = 'Forwarded';

export default function Page({ children }: PropsWithChildren) { /* … */ }
