import * as React from 'react';
import { Component, createContext, useContext, type ErrorInfo, type ReactNode } from 'react';

/** Props of a generic list. */
export interface ListProps<T> {
  items: readonly T[];
  render: (item: T, index: number) => ReactNode;
  keyOf?: (item: T) => React.Key;
  empty?: ReactNode;
}

export function List<T>({ items, render, keyOf = (item) => String(item), empty = null }: ListProps<T>) {
  if (items.length === 0) return <>{empty}</>;
  return <ul>{items.map((item, i) => <li key={keyOf(item)}>{render(item, i)}</li>)}</ul>;
}

export const Select = <T,>({ options, value, onChange }: {
  options: T[];
  value: T;
  onChange: (value: T) => void;
}) => (
  <select value={options.indexOf(value)} onChange={(e) => onChange(options[Number(e.target.value)])}>
    {options.map((o, i) => (
      <option key={i} value={i}>
        {String(o)}
      </option>
    ))}
  </select>
);

export const identity = <T extends unknown>(value: T): T => value;

export function useLocalStorage<T>(key: string, initial: T): [T, (v: T) => void] {
  const [value, setValue] = React.useState<T>(() => {
    const raw = localStorage.getItem(key);
    return raw === null ? initial : (JSON.parse(raw) as T);
  });
  const set = (v: T) => {
    localStorage.setItem(key, JSON.stringify(v));
    setValue(v);
  };
  return [value, set];
}

type Theme = 'light' | 'dark';
export const ThemeContext = createContext<Theme>('light');
export const useTheme = (): Theme => useContext(ThemeContext);

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

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  private reset = () => this.setState({ error: null });

  render() {
    if (this.state.error) {
      return (
        <div role="alert">
          {this.props.fallback(this.state.error)}
          <button onClick={this.reset}>Retry</button>
        </div>
      );
    }
    return this.props.children;
  }
}

export class Table<Row extends { id: string }> extends React.PureComponent<{ rows: Row[] }> {
  render(): ReactNode {
    return (
      <table>
        <tbody>
          {this.props.rows.map((r) => (
            <tr key={r.id}>
              <td>{r.id}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
}
