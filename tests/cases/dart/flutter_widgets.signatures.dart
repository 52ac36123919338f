// ignore_for_file: prefer_const_constructors
import 'package:flutter/material.dart';
import 'package:provider/provider.dart' show ChangeNotifierProvider, Consumer;

/// The counter page.
///
/// Shows a count and a button.
class CounterPage extends StatefulWidget {
  const CounterPage({super.key, required this.title});

  final String title;

  @override
  State<CounterPage> createState() { /* … */ }
}

class _CounterPageState extends State<CounterPage> with SingleTickerProviderStateMixin {
  int _count = 0;
  late final AnimationController _controller = AnimationController(vsync: this)
    ..duration = const Duration(milliseconds: 300)
    ..forward();

  static final _pattern = RegExp(r'^\{(\d+)\}$');
  static const _help = '''
Tap the button. {
  Braces } in a multi-line string.
''';

  void _increment() { /* … */ }

  @override
  Widget build(BuildContext context) { /* … */ }

  List<String> get _items { /* … */ }

  @override
  void dispose() { /* … */ }
}

class CartModel extends ChangeNotifier {
  final List<int> _items = [];

  int get total { /* … */ }

  void add(int item) { /* … */ }

  Future<void> sync(Uri uri) async { /* … */ }
}

void main() { /* … */ }
