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
  State<CounterPage> createState() { /* … L14 */ }
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

  void _increment() { /* … L29-33 */ }

  @override
  Widget build(BuildContext context) { /* … L36-52 */ }

  List<String> get _items { /* … L54 */ }

  @override
  void dispose() { /* … L57-60 */ }
}

class CartModel extends ChangeNotifier {
  final List<int> _items = [];

  int get total { /* … L66 */ }

  void add(int item) { /* … L68-71 */ }

  Future<void> sync(Uri uri) async { /* … L73-78 */ }
}

void main() { /* … L81-86 */ }
