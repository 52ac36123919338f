import { Injectable, Inject, Component, Input, HostListener } from '@angular/core';
import type { Observable } from 'rxjs';
import { Logger } from './logger';

export interface Shape {
  area(): number;
}

/**
 * Base of every shape.
 */
export abstract class BaseShape implements Shape {
  static count = 0;
  protected abstract readonly kind: string;

  protected constructor(public readonly id: string, private readonly logger?: Logger) {
    BaseShape.count++;
  }

  abstract area(): number;
  abstract scale(factor: number): this;

  describe(): string {
    return `${this.kind} #${this.id} (area ${this.area().toFixed(2)})`;
  }
}

export class Circle extends BaseShape {
  protected readonly kind = 'circle';
  #radius: number;
  private static readonly PI = Math.PI;
  declare tag?: string;
  public onResize: (r: number) => void = (r) => {
    this.logger?.info(`resized to ${r}`);
  };
  readonly toJSON = (): object => ({ kind: this.kind, radius: this.#radius });

  constructor(id: string, radius: number) {
    super(id);
    this.#radius = radius;
  }

  get radius(): number {
    return this.#radius;
  }

  set radius(value: number) {
    if (value <= 0) throw new RangeError('radius must be positive');
    this.#radius = value;
    this.onResize(value);
  }

  area(): number {
    return Circle.PI * this.#radius ** 2;
  }

  scale(factor: number): this {
    this.radius *= factor;
    return this;
  }

  static unit(): Circle {
    return new Circle('unit', 1);
  }
}

/** Overloads: each signature is kept, only the implementation body goes. */
export function parse(input: string): number;
export function parse(input: string[]): number[];
export function parse(input: string | string[]): number | number[] {
  return Array.isArray(input) ? input.map(Number) : Number(input);
}

@Injectable({
  providedIn: 'root',
  useFactory: () => new ShapeService(new Logger('shapes')),
})
export class ShapeService {
  private readonly shapes = new Map<string, Shape>();

  constructor(@Inject('LOGGER') private logger: Logger) {}

  add<S extends Shape>(shape: S & { id: string }): S {
    this.shapes.set(shape.id, shape);
    return shape;
  }

  find(id: string): Shape | undefined;
  find(predicate: (s: Shape) => boolean): Shape | undefined;
  find(arg: string | ((s: Shape) => boolean)): Shape | undefined {
    if (typeof arg === 'string') return this.shapes.get(arg);
    return [...this.shapes.values()].find(arg);
  }

  watch$(): Observable<Shape[]> {
    throw new Error('not implemented');
  }
}

@Component({
  selector: 'app-shape',
  template: `<canvas #c></canvas>`,
})
export class ShapeComponent {
  @Input() shape!: Shape;
  @Input({ required: true, transform: (v: string) => v.trim() }) label = '';

  @HostListener('window:resize', ['$event'])
  onResize(event: UIEvent) {
    this.redraw();
  }

  private redraw(): void {
    console.log(this.shape.area());
  }
}

export class Registry<K extends string | number, V = unknown> {
  private items: Record<K, V> = {} as Record<K, V>;
  static readonly empty = new Registry<string>();
  static {
    Registry.empty.freeze();
  }
  freeze(): void {
    Object.freeze(this.items);
  }
}
