// Copyright 2024 The Authors. All rights reserved.
// SPDX-License-Identifier: BSD-3-Clause
// @dart=3.0

/// A library for shapes.
library shapes;

import 'dart:math' as math;
import 'src/circle.dart' deferred as circle;
export 'src/square.dart' hide SquareImpl;
import 'config.dart' if (dart.library.io) 'config_io.dart';

part 'src/polygon.dart';

/**
 * An area, in square units.
 */
typedef Area = double;

@immutable
@JsonSerializable(explicitToJson: true)
sealed class Shape {
  const Shape();

  /// The area.
  Area get area;

  // ignore: avoid_returning_null
  double? perimeter() // may be null
  {
    // a comment inside
    return null;
  }

  /* the name */ String get name => runtimeType.toString();

  external static Shape fromNative(int handle);
}

final class Circle extends Shape {
  final double r;
  const Circle(this.r) : assert(r >= 0), super();

  @override
  Area get area => math.pi * r * r;

  @override
  double? perimeter() {
    final p = 2 * math.pi * r;
    return p;
  }
}

abstract base class Polygon extends Shape {
  Polygon(List<math.Point<double>> points)
      : _points = List.unmodifiable(points),
        assert(points.length > 2);

  Polygon.triangle(math.Point<double> a, math.Point<double> b, math.Point<double> c)
      : this([a, b, c]);

  factory Polygon.square(double side) = _Square;

  final List<math.Point<double>> _points;

  int get sides => _points.length;
  set first(math.Point<double> p) => _points[0] = p;

  math.Point<double> operator [](int i) => _points[i];
  Polygon operator +(Polygon other);
}

enum Planet implements Comparable<Planet> {
  mercury(mass: 3.303e+23, radius: 2.4397e6),
  venus(mass: 4.869e+24, radius: 6.0518e6),
  earth(mass: 5.976e+24, radius: 6.37814e6);

  const Planet({required this.mass, required this.radius});

  final double mass;
  final double radius;

  double get surfaceGravity => 6.67300E-11 * mass / (radius * radius);

  @override
  int compareTo(Planet other) {
    return mass.compareTo(other.mass);
  }
}

mixin Logging on Shape {
  void log(String message) {
    print('[$runtimeType] $message');
  }
}

extension on int {
  bool get isEven2 {
    return this % 2 == 0;
  }
}

extension type const Meters(double value) implements double {
  Meters operator +(Meters other) => Meters(value + other.value);
}

const colors = <String, int>{
  'red': 0xFF0000,
  'green': 0x00FF00,
  'blue': 0x0000FF,
  'white': 0xFFFFFF,
};

Stream<int> countTo(int n) async* {
  for (var i = 1; i <= n; i++) {
    yield i;
  }
}

Iterable<int> evens() sync* {
  yield* [0, 2, 4];
}

final sizes = [
  'small',
  'medium',
  'large',
  'x-large',
];
