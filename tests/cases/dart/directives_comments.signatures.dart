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
  { /* … */ }

  /* the name */ String get name { /* … */ }

  external static Shape fromNative(int handle);
}

final class Circle extends Shape {
  final double r;
  const Circle(this.r) : assert(r >= 0), super();

  @override
  Area get area { /* … */ }

  @override
  double? perimeter() { /* … */ }
}

abstract base class Polygon extends Shape {
  Polygon(List<math.Point<double>> points)
      : _points = List.unmodifiable(points),
        assert(points.length > 2);

  Polygon.triangle(math.Point<double> a, math.Point<double> b, math.Point<double> c)
      : this([a, b, c]);

  factory Polygon.square(double side) = _Square;

  final List<math.Point<double>> _points;

  int get sides { /* … */ }
  set first(math.Point<double> p) { /* … */ }

  math.Point<double> operator [](int i) { /* … */ }
  Polygon operator +(Polygon other);
}

enum Planet implements Comparable<Planet> {
  mercury(mass: 3.303e+23, radius: 2.4397e6),
  venus(mass: 4.869e+24, radius: 6.0518e6),
  earth(mass: 5.976e+24, radius: 6.37814e6);

  const Planet({required this.mass, required this.radius});

  final double mass;
  final double radius;

  double get surfaceGravity { /* … */ }

  @override
  int compareTo(Planet other) { /* … */ }
}

mixin Logging on Shape {
  void log(String message) { /* … */ }
}

extension on int {
  bool get isEven2 { /* … */ }
}

extension type const Meters(double value) implements double {
  Meters operator +(Meters other) { /* … */ }
}

const colors = <String, int>{
  'red': 0xFF0000,
  'green': 0x00FF00,
  'blue': 0x0000FF,
  'white': 0xFFFFFF,
};

Stream<int> countTo(int n) async* { /* … */ }

Iterable<int> evens() sync* { /* … */ }

final sizes = [
  'small',
  'medium',
  'large',
  'x-large',
];
