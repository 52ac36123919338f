import * as React from 'react';
import { Component, createContext, useContext, type ErrorInfo, type ReactNode } from 'react';

/** Props of a generic list. */
export interface ListProps<T> {
  items: readonly T[];
  render: (item: T, index: number) => ReactNode;
  keyOf?: (item: T) => React.Key;
  empty?: ReactNode;
}

export function List<T>({ items, render, keyOf = (item) => String(item), empty = null }: ListProps<T>) { /* … */ }

export const Select = <T,>({ options, value, onChange }: {
  options: T[];
  value: T;
  onChange: (value: T) => void;
}) => { /* … */ };

export const identity = <T extends unknown>(value: T): T => value;

export function useLocalStorage<T>(key: string, initial: T): [T, (v: T) => void] { /* … */ }

type Theme = 'light' | 'dark';
export const ThemeContext = createContext<Theme>('light');
export const useTheme = (): Theme => { /* … */ };

interface BoundaryProps {
  fallback: (error: Error) => ReactNode;
  children?: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

/**
 * Catches render errors below it.
 * Shows `fallback` instead.
 */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  static displayName = 'ErrorBoundary';
  state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState { /* … */ }

  componentDidCatch(error: Error, info: ErrorInfo): void { /* … */ }

  private reset = () => { /* … */ };

  render() { /* … */ }
}

export class Table<Row extends { id: string }> extends React.PureComponent<{ rows: Row[] }> {
  render(): ReactNode { /* … */ }
}
