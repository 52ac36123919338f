/// Größe eines Fensters — in Punkten (Dart names are ASCII; strings and docs are not).
class Groesse {
  final double breite;
  final double hoehe;
  const Groesse(this.breite, this.hoehe);

  /// Die Fläche: „breite × höhe“.
  double flaeche() { /* … L8-10 */ }
}

enum Wetter { sonnig, regnerisch }

String gruess(String name) { /* … L15-18 */ }

String get beschreibung { /* … L20 */ }

const $labels = ['日本語', 'Ελληνικά', 'العربية', 'русский', 'हिन्दी', '中文'];
