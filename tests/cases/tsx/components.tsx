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
export function Button({ variant = 'primary', size = 'md', loading, icon, children, ...rest }: ButtonProps) {
  return (
    <button className={clsx('btn', `btn-${variant}`, `btn-${size}`)} disabled={loading} {...rest}>
      {icon && <span className="btn-icon">{icon}</span>}
      {loading ? <Spinner /> : children}
    </button>
  );
}

export const Spinner: FC<{ label?: string }> = ({ label = 'Loading' }) => (
  <span role="status" aria-label={label} className="spinner" />
);

export const Card = ({ title, children }: PropsWithChildren<{ title: string }>) => {
  const id = useMemo(() => `card-${Math.random().toString(36).slice(2)}`, []);
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
};

function counterReducer(state: number, action: CounterAction): number {
  switch (action.type) {
    case 'inc':
      return state + 1;
    case 'dec':
      return state - 1;
    case 'set':
      return action.value;
  }
}

export function useCounter(initial = 0) {
  const [count, dispatch] = useReducer(counterReducer, initial);
  return {
    count,
    inc: () => dispatch({ type: 'inc' }),
    dec: () => dispatch({ type: 'dec' }),
    set: (value: number) => dispatch({ type: 'set', value }),
  };
}

export function useInterval(callback: () => void, delay: number | null): void {
  const saved = useRef(callback);
  useEffect(() => {
    saved.current = callback;
  }, [callback]);
  useEffect(() => {
    if (delay === null) return;
    const id = setInterval(() => saved.current(), delay);
    return () => clearInterval(id);
  }, [delay]);
}

const Counter = React.memo(function Counter({ step = 1 }: { step?: number }) {
  const { count, inc } = useCounter();
  useInterval(inc, step * 1000);
  return <output>{count}</output>;
});

export const Forwarded = React.forwardRef<HTMLInputElement, { label: string }>(({ label }, ref) => (
  <label>
    {label}
    <input ref={ref} />
  </label>
));
Forwarded.displayName = 'Forwarded';

export default function Page({ children }: PropsWithChildren) {
  return (
    <main>
      <Card title="Demo">
        <Button variant="ghost" icon={<span>★</span>}>
          Click
        </Button>
        <Counter step={2} />
      </Card>
      {children}
    </main>
  );
}
