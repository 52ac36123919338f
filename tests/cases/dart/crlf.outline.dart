import 'dart:io';

/// A point.
class Point {
  final double x, y;
  const Point(this.x, this.y);
  double get length { /* … */ }
  Point moved(double d) { /* … */ }
}

void main(List<String> args) { /* … */ }
