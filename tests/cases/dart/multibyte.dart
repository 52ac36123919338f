/// Größe eines Fensters — in Punkten (Dart names are ASCII; strings and docs are not).
class Groesse {
  final double breite;
  final double hoehe;
  const Groesse(this.breite, this.hoehe);

  /// Die Fläche: „breite × höhe“.
  double flaeche() {
    return breite * hoehe; // „Fläche“
  }
}

enum Wetter { sonnig, regnerisch }

String gruess(String name) {
  final emoji = '👋 $name 🎉 {';
  return '$emoji ${name.length} 天気 }';
}

String get beschreibung => '☀️ ${Wetter.sonnig} お天気 — ${'}'}';

const $labels = ['日本語', 'Ελληνικά', 'العربية', 'русский', 'हिन्दी', '中文'];
